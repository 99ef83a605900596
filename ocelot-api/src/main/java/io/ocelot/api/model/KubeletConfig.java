package io.ocelot.api.model;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * A customised kubelet configuration for the pools it selects: the controller turns it into the
 * generated MachineConfig {@code 99-<pool>-generated-kubelet[-N]}, which rolls out like any other.
 * Cluster-scoped. Upstream declares no printer columns (kubectl prints NAME AGE).
 */
@Group(Mco.GROUP)
@Version(Mco.VERSION)
@Kind("KubeletConfig")
@Plural("kubeletconfigs")
@Singular("kubeletconfig")
@AdditionalPrinterColumn(
    name = "Age",
    jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
public class KubeletConfig extends CustomResource<KubeletConfigSpec, GeneratedConfigStatus> {
  private static final long serialVersionUID = 1L;

  /**
   * Which generated MachineConfig a config writes: empty for {@code 99-<pool>-generated-kubelet}, a
   * number N for {@code ...-kubelet-N}. Set once, by the controller (MCO's key).
   */
  public static final String MC_NAME_SUFFIX = Mco.GROUP + "/mc-name-suffix";

  @Override
  protected KubeletConfigSpec initSpec() {
    return new KubeletConfigSpec();
  }

  // No initStatus: JOSDK's status patch must not add into a path the server does not have.
}
