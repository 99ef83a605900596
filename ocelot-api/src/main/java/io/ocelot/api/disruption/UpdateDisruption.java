package io.ocelot.api.disruption;

import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import java.util.Optional;

/**
 * How disruptive an update is, judged as the daemon's planner judges it: by the cluster's node
 * disruption policy when there is one, else by MCO's legacy rules. The controller asks it too, to
 * let an update that needs neither drain nor reboot start outside a maintenance window.
 */
public final class UpdateDisruption {
  private UpdateDisruption() {}

  /** The one rule of which rule set judges a diff. */
  public static Disruption judge(
      ConfigDiff diff, boolean forceFile, Optional<NodeDisruptionPolicy> policy) {
    return policy
        .map(p -> PolicyRules.of(diff, forceFile, p))
        .orElseGet(() -> DisruptionRules.of(diff, forceFile));
  }

  /**
   * The disruption of moving a node from {@code current} to {@code desired}; empty when either
   * side's Ignition config does not parse (the daemon refuses such an update). The node's force
   * file is the node's to know: judged without it.
   */
  public static Optional<Disruption> between(
      ConfigTarget current, ConfigTarget desired, Optional<NodeDisruptionPolicy> policy) {
    Optional<IgnitionConfig> from = parse(current);
    Optional<IgnitionConfig> to = parse(desired);
    if (from.isEmpty() || to.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        judge(ConfigDiff.between(current, from.get(), desired, to.get(), false), false, policy));
  }

  /** True when the update needs neither a drain nor a reboot. */
  public static boolean rebootless(Disruption d) {
    return !d.reboot() && !d.drain();
  }

  private static Optional<IgnitionConfig> parse(ConfigTarget side) {
    return IgnitionParser.parse(side.config().getSpec().getConfig())
            instanceof IgnitionResult.Valid valid
        ? Optional.of(valid.config())
        : Optional.empty();
  }
}
