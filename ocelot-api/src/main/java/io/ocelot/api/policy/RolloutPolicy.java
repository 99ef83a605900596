package io.ocelot.api.policy;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import io.ocelot.api.model.crd.ListMap;

/**
 * Ocelot's own rollout policy for the pools it selects: stop-the-line ({@code maxFailedNodes}) and
 * maintenance windows. MCO's API has no place for these. Cluster-scoped. A pool no policy selects
 * behaves as MCO's, with stop-the-line on (one failed node halts) — see docs/rollout-policy.md.
 */
@Group(RolloutPolicy.GROUP)
@Version(RolloutPolicy.VERSION)
@Kind("RolloutPolicy")
@Plural("rolloutpolicies")
@Singular("rolloutpolicy")
@ShortNames("rp")
@ListMap(path = "status.conditions", keys = "type")
@AdditionalPrinterColumn(
    name = "Pools",
    jsonPath = ".status.pools",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "MaxFailedNodes",
    jsonPath = ".spec.maxFailedNodes",
    type = AdditionalPrinterColumn.Type.INTEGER)
@AdditionalPrinterColumn(
    name = "Accepted",
    jsonPath = ".status.conditions[?(@.type==\"Accepted\")].status",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "Age",
    jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
public class RolloutPolicy extends CustomResource<RolloutPolicySpec, RolloutPolicyStatus> {
  private static final long serialVersionUID = 1L;

  public static final String GROUP = "ocelot.io";
  public static final String VERSION = "v1alpha1";

  @Override
  protected RolloutPolicySpec initSpec() {
    return new RolloutPolicySpec();
  }

  // No initStatus: an empty status the server does not have would make JOSDK's status patch (a
  // JSON patch against the object as read) add into a path that does not exist (422).
}
