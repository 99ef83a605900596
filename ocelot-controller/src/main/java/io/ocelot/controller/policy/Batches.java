package io.ocelot.controller.policy;

import io.ocelot.api.policy.RolloutBatches;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A rollout in growing batches (pure): where batch boundaries fall in a pool of N nodes, and how
 * far the rollout may go given how many nodes are done and healthy — as NodeWright's fixed, linear
 * and exponential batches with a success threshold. Batch k+1 may start once {@code
 * successThreshold} percent of the nodes of batches 1..k are done on the target and healthy.
 */
public final class Batches {
  /** A policy's batches with their defaults filled in. */
  public record Plan(
      String strategy,
      int initial,
      int growth,
      int successPercent,
      int safetyPercent,
      Optional<Integer> failureThreshold) {

    public static Optional<Plan> of(Optional<RolloutBatches> batches) {
      return batches.map(
          b -> {
            String strategy = Optional.ofNullable(b.getStrategy()).orElse(RolloutBatches.FIXED);
            int defaultGrowth = strategy.equals(RolloutBatches.EXPONENTIAL) ? 2 : 1;
            return new Plan(
                strategy,
                Math.max(1, Optional.ofNullable(b.getInitialBatch()).orElse(1)),
                Math.max(1, Optional.ofNullable(b.getGrowth()).orElse(defaultGrowth)),
                clamp(Optional.ofNullable(b.getSuccessThreshold()).orElse(100), 1),
                clamp(Optional.ofNullable(b.getSafetyLimit()).orElse(100), 0),
                Optional.ofNullable(b.getFailureThreshold()));
          });
    }

    private static int clamp(int percent, int min) {
      return Math.max(min, Math.min(100, percent));
    }

    /** The size of batch {@code k} (0-based). */
    long size(int k) {
      return switch (strategy) {
        case RolloutBatches.LINEAR -> initial + (long) k * growth;
        case RolloutBatches.EXPONENTIAL -> {
          long s = initial;
          for (int i = 0; i < k && s < Integer.MAX_VALUE; i++) {
            s *= growth;
          }
          yield s;
        }
        default -> initial;
      };
    }

    /**
     * Whether failures no longer halt the rollout: {@code done} of {@code pool} passed the limit.
     */
    public boolean pastSafetyLimit(int done, int pool) {
      return safetyPercent < 100 && pool > 0 && done * 100L >= (long) safetyPercent * pool;
    }
  }

  /**
   * Where the rollout stands: in batch {@code batch} of {@code batches}, nodes may have been
   * targeted up to {@code allowed}; {@code waiting} says why no further node may start, when none
   * may.
   */
  public record Position(int batch, int batches, int allowed, Optional<String> waiting) {
    /** Where the rollout stands, as the pool's Updating message says it while it moves. */
    public String describe() {
      return "batch " + batch + " of " + batches + " (up to " + allowed + " nodes targeted)";
    }
  }

  private Batches() {}

  /** The cumulative batch ends in a pool of {@code pool} nodes: the last is {@code pool}. */
  static List<Integer> ends(Plan plan, int pool) {
    List<Integer> ends = new ArrayList<>();
    long end = 0;
    for (int k = 0; end < pool; k++) {
      end = Math.min(pool, end + plan.size(k));
      ends.add((int) end);
    }
    return ends;
  }

  /**
   * How far the rollout may go: {@code targeted} nodes have the target, {@code doneHealthy} of them
   * are done on it and healthy.
   */
  public static Position position(Plan plan, int pool, int targeted, int doneHealthy) {
    List<Integer> ends = ends(plan, pool);
    if (ends.isEmpty()) {
      return new Position(0, 0, 0, Optional.empty());
    }
    int k = 0;
    while (k < ends.size() - 1 && doneHealthy >= needed(plan, ends.get(k))) {
      k++;
    }
    int allowed = ends.get(k);
    Optional<String> waiting = Optional.empty();
    if (targeted >= allowed && allowed < pool) {
      int need = needed(plan, allowed);
      waiting =
          Optional.of(
              "batch "
                  + (k + 1)
                  + " of "
                  + ends.size()
                  + " ("
                  + allowed
                  + " of "
                  + pool
                  + " nodes): waiting for "
                  + (need - doneHealthy)
                  + " more to be done and healthy ("
                  + need
                  + " of "
                  + allowed
                  + ", successThreshold "
                  + plan.successPercent()
                  + "%) before batch "
                  + (k + 2)
                  + " starts");
    }
    return new Position(k + 1, ends.size(), allowed, waiting);
  }

  private static int needed(Plan plan, int nodes) {
    return (int) Math.ceil(nodes * plan.successPercent() / 100.0);
  }
}
