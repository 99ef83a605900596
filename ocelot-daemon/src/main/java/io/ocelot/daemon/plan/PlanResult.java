package io.ocelot.daemon.plan;

import java.util.List;

/** What the planner decided: an update to run, or why it must not touch the host at all. */
public sealed interface PlanResult permits PlanResult.Ready, PlanResult.Unreconcilable {

  record Ready(UpdatePlan plan) implements PlanResult {}

  /**
   * The change cannot be applied to a running node. {@code reasons} holds every reason (MCO's exact
   * texts); {@code message} is the node's {@code reason} annotation text.
   */
  record Unreconcilable(List<String> reasons, String message) implements PlanResult {
    public Unreconcilable {
      reasons = List.copyOf(reasons);
    }
  }
}
