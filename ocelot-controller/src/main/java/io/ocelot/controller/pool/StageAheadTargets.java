package io.ocelot.controller.pool;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.policy.StageAhead;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import io.ocelot.controller.policy.RolloutPolicies;
import io.ocelot.controller.rollout.MaxUnavailable;
import io.ocelot.controller.rollout.Rollout;
import io.ocelot.controller.support.ObjectEvents;
import java.util.Optional;
import java.util.function.Function;

/** What a pool's rollout stages ahead, from its RolloutPolicy and its target. */
final class StageAheadTargets {
  private StageAheadTargets() {}

  /**
   * Stage ahead when the policy asks for it: the image the target boots (the layered image, else
   * the rendered config's OS image) and the limit of concurrent pulls (a count or a percent of the
   * pool's nodes, rounded down, at least 1); none when the target names no image or the limit is
   * neither (said as an event).
   */
  static Optional<Rollout.Staging> staging(
      MachineConfigPool pool,
      Function<String, Optional<MachineConfig>> configs,
      PoolTarget target,
      RolloutPolicies.Resolution policy,
      int nodes,
      ObjectEvents events) {
    if (policy.stageAhead().isEmpty()) {
      return Optional.empty();
    }
    Optional<String> image =
        target
            .image()
            .or(
                () ->
                    configs
                        .apply(target.config())
                        .map(mc -> mc.getSpec().getOsImageURL())
                        .filter(i -> i != null && !i.isBlank()));
    if (image.isEmpty()) {
      return Optional.empty();
    }
    IntOrString limit =
        Optional.ofNullable(policy.stageAhead().get().getMaxConcurrentPulls())
            .orElse(new IntOrString(StageAhead.DEFAULT_MAX_CONCURRENT_PULLS));
    MaxUnavailable.Result max = MaxUnavailable.of(limit, nodes);
    if (max instanceof MaxUnavailable.Invalid invalid) {
      events.warning(
          pool,
          "InvalidStageAhead",
          "RolloutPolicy "
              + policy.name().orElse("")
              + ": stageAhead.maxConcurrentPulls: "
              + invalid.message().replace("\"maxUnavailable\" ", "")
              + "; no node stages ahead");
      return Optional.empty();
    }
    String wanted = image.get();
    return Optional.of(
        new Rollout.Staging(
            wanted, ((MaxUnavailable.Count) max).value(), n -> boots(n, wanted, configs)));
  }

  /**
   * Whether the node boots {@code image} already: its layered image, else its current config's OS
   * image (a pull would fetch nothing).
   */
  static boolean boots(
      PoolNode n, String image, Function<String, Optional<MachineConfig>> configs) {
    Optional<String> layered = n.currentImage();
    if (layered.isPresent()) {
      return layered.get().equals(image);
    }
    return n.currentConfig()
        .flatMap(configs)
        .map(mc -> mc.getSpec().getOsImageURL())
        .filter(image::equals)
        .isPresent();
  }
}
