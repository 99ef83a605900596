package io.ocelot.controller.imagebuild;

import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSBuildSpec;
import io.ocelot.api.model.MachineOSBuildStatus;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.model.NameRef;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** MachineOSBuild objects as MCO shapes them: name, labels, spec, first status (pure). */
public final class BuildObjects {
  public static final String LAYERING_LABEL =
      "machineconfiguration.openshift.io/on-cluster-layering";
  public static final String POOL_LABEL =
      "machineconfiguration.openshift.io/target-machine-config-pool";
  public static final String RENDERED_LABEL =
      "machineconfiguration.openshift.io/rendered-machine-config";
  public static final String MOSC_LABEL = "machineconfiguration.openshift.io/machine-os-config";
  public static final String MOSB_LABEL = "machineconfiguration.openshift.io/machine-os-build";

  private BuildObjects() {}

  /** The pool a MachineOSConfig applies to ("" when it names none). */
  public static String poolOf(MachineOSConfig m) {
    return m.getSpec() == null || m.getSpec().getMachineConfigPool() == null
        ? ""
        : m.getSpec().getMachineConfigPool().getName();
  }

  static MachineOSBuild build(BuildRequest r) {
    MachineOSBuild b = new MachineOSBuild();
    b.getMetadata().setName(r.name());
    b.getMetadata()
        .setLabels(
            Map.of(
                LAYERING_LABEL, "",
                POOL_LABEL, r.pool(),
                RENDERED_LABEL, r.renderedName(),
                MOSC_LABEL, r.config().getMetadata().getName(),
                MOSB_LABEL, r.name()));
    // Created with the registry clean-up's finalizer: added later, its write raced the build's
    // first status write (a 409 that left the build without a status).
    b.getMetadata().setFinalizers(List.of(BuildImageCleanup.FINALIZER));
    Optional.ofNullable(r.config().getSpec().getRenderedImagePushSecret())
        .map(NameRef::getName)
        .ifPresent(
            secret ->
                b.getMetadata().setAnnotations(Map.of(BuildImageCleanup.PUSH_SECRET, secret)));
    MachineOSBuildSpec spec = new MachineOSBuildSpec();
    spec.setMachineConfig(ref(r.renderedName()));
    spec.setMachineOSConfig(ref(r.config().getMetadata().getName()));
    spec.setRenderedImagePushSpec(r.pushSpec());
    b.setSpec(spec);
    return b;
  }

  static MachineOSBuildStatus preparedStatus(String now) {
    MachineOSBuildStatus s = new MachineOSBuildStatus();
    s.setBuildStart(now);
    BuildConditions.set(s, BuildConditions.PREPARED, "Build prepared", now);
    return s;
  }

  private static NameRef ref(String name) {
    NameRef n = new NameRef();
    n.setName(name);
    return n;
  }
}
