package io.ocelot.daemon.plan;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;

/**
 * The two sides of one update with their Ignition configs, each parsed once and handed to the
 * pre-flight check, the planner and (for the side the node settles on) the drift monitor.
 */
public record UpdateConfigs(
    ConfigTarget from, IgnitionResult fromIgnition, ConfigTarget to, IgnitionResult toIgnition) {

  public static UpdateConfigs of(ConfigTarget from, ConfigTarget to) {
    return new UpdateConfigs(from, parse(from), to, parse(to));
  }

  public static IgnitionResult parse(ConfigTarget side) {
    return IgnitionParser.parse(side.config().getSpec().getConfig());
  }
}
