package io.ocelot.daemon.plan;

import io.ocelot.api.disruption.ConfigDiff;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.Disruption;
import java.util.List;
import java.util.Optional;

/**
 * A reconcilable update: its kind, the diff, how disruptive it is and why, the ordered prepare
 * steps, and the commit. {@code notes} say what the planner skipped and why.
 */
public record UpdatePlan(
    UpdateKind kind,
    ConfigTarget from,
    ConfigTarget to,
    ConfigDiff diff,
    Disruption disruption,
    List<Step> steps,
    Optional<Commit> commit,
    List<String> notes) {

  public UpdatePlan {
    steps = List.copyOf(steps);
    notes = List.copyOf(notes);
  }

  /** Nothing to do: same config and image, no differences. */
  public boolean isNoop() {
    return steps.isEmpty() && commit.isEmpty();
  }
}
