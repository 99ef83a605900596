package io.ocelot.controller.policy;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.UpdateDisruption;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.MachineConfigurationStatus;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Which nodes' updates to a target need neither a drain nor a reboot, judged as their daemons will
 * plan them (the same diff and rules, with the cluster's node disruption policy): with {@code
 * rebootlessAnytime} those may start outside the maintenance windows. A node whose config is not
 * known here, or does not parse, counts as disruptive (the safe side).
 */
public final class RebootlessUpdates {
  private RebootlessUpdates() {}

  /**
   * {@code configs}: rendered MachineConfigs by name; {@code cluster}:
   * MachineConfiguration/cluster, null when there is none (MCO's legacy rules then, as the daemons
   * use).
   */
  public static Predicate<PoolNode> to(
      PoolTarget target,
      Function<String, Optional<MachineConfig>> configs,
      MachineConfiguration cluster) {
    Optional<MachineConfig> to = configs.apply(target.config());
    if (to.isEmpty()) {
      return n -> false;
    }
    ConfigTarget desired = new ConfigTarget(to.get(), target.image());
    var policy =
        Optional.ofNullable(cluster)
            .map(DisruptionPolicyReconciler::status)
            .map(MachineConfigurationStatus::nodeDisruptionPolicyStatus)
            .map(MachineConfigurationStatus.NodeDisruptionPolicyStatus::clusterPolicies);
    // Nodes share a few current configs: judge each (config, image) once.
    Map<String, Boolean> judged = new HashMap<>();
    return n -> {
      Optional<String> from = n.currentConfig();
      if (from.isEmpty()) {
        return false;
      }
      String key = from.get() + "@" + n.currentImage().orElse("");
      return judged.computeIfAbsent(
          key,
          k ->
              configs
                  .apply(from.get())
                  .map(mc -> new ConfigTarget(mc, n.currentImage()))
                  .flatMap(current -> UpdateDisruption.between(current, desired, policy))
                  .filter(UpdateDisruption::rebootless)
                  .isPresent());
    };
  }
}
