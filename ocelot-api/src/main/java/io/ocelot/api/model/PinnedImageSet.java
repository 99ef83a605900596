package io.ocelot.api.model;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import io.ocelot.api.model.crd.ListMap;

/**
 * Images (by digest) that the nodes of the pools whose {@code machineConfigSelector} matches this
 * set's labels pull ahead and keep: CRI-O pins them ({@code pinned_images}), so the kubelet's image
 * garbage collection never removes them. Cluster-scoped, no status (each node reports its progress
 * on its MachineConfigNode). Upstream declares no printer columns.
 */
@Group(Mco.GROUP)
@Version(Mco.VERSION)
@Kind("PinnedImageSet")
@Plural("pinnedimagesets")
@Singular("pinnedimageset")
@ListMap(path = "spec.pinnedImages", keys = "name")
@AdditionalPrinterColumn(
    name = "Age",
    jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
public class PinnedImageSet extends CustomResource<PinnedImageSetSpec, Void> {
  private static final long serialVersionUID = 1L;

  @Override
  protected PinnedImageSetSpec initSpec() {
    return new PinnedImageSetSpec();
  }

  /** The set's generation (1 for an object not yet stored). */
  public long generation() {
    Long g = getMetadata().getGeneration();
    return g == null || g < 1 ? 1 : g;
  }
}
