package io.ocelot.api.model;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.ocelot.api.operator.MachineConfiguration;
import java.util.List;

/** The API group and version every Ocelot kind shares with the Machine Config Operator. */
public final class Mco {
  public static final String GROUP = "machineconfiguration.openshift.io";
  public static final String VERSION = "v1";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  /** Label that selects a MachineConfig into pools of a role, e.g. {@code worker}. */
  public static final String ROLE_LABEL = GROUP + "/role";

  /** Annotation on rendered configs naming the controller version that generated them. */
  public static final String GENERATED_BY_CONTROLLER_VERSION =
      GROUP + "/generated-by-controller-version";

  /** Every kind Ocelot defines a CRD for, in the order they are installed. */
  public static final List<Class<? extends HasMetadata>> KINDS =
      List.of(
          MachineConfig.class,
          MachineConfigPool.class,
          MachineOSConfig.class,
          MachineOSBuild.class,
          MachineConfigNode.class,
          MachineConfiguration.class,
          io.ocelot.api.policy.RolloutPolicy.class,
          KubeletConfig.class,
          ContainerRuntimeConfig.class,
          OSImageStream.class,
          PinnedImageSet.class);

  /** The file the CRD generator writes a kind's CRD to, under {@code META-INF/fabric8/}. */
  public static String crdFileName(Class<? extends HasMetadata> kind) {
    return HasMetadata.getPlural(kind) + "." + HasMetadata.getGroup(kind) + "-v1.yml";
  }

  private Mco() {}
}
