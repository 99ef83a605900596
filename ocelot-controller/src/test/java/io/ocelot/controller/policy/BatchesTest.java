package io.ocelot.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.policy.RolloutBatches;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Issue 40 item 1: batch boundaries, the success gate between batches, the safety limit. */
class BatchesTest {
  static Batches.Plan plan(String strategy, Integer initial, Integer growth, Integer success) {
    RolloutBatches b = new RolloutBatches();
    b.setStrategy(strategy);
    b.setInitialBatch(initial);
    b.setGrowth(growth);
    b.setSuccessThreshold(success);
    return Batches.Plan.of(Optional.of(b)).orElseThrow();
  }

  @Test
  void batchesEndWhereTheirStrategySaysAndTheLastEndsAtThePool() {
    assertThat(Batches.ends(plan("fixed", 2, null, null), 7)).containsExactly(2, 4, 6, 7);
    assertThat(Batches.ends(plan("linear", 1, 2, null), 10)).containsExactly(1, 4, 9, 10);
    assertThat(Batches.ends(plan("exponential", 1, null, null), 10))
        .containsExactly(1, 3, 7, 10); // 1, 2, 4, then the 3 left
    assertThat(Batches.ends(plan("exponential", 5, 3, null), 100)).containsExactly(5, 20, 65, 100);
    assertThat(Batches.ends(plan("fixed", 1, null, null), 0)).isEmpty();
  }

  @Test
  void theNextBatchStartsOnlyOnceEnoughOfTheNodesBeforeItAreDoneAndHealthy() {
    Batches.Plan p = plan("exponential", 1, null, null); // ends 1, 3, 7, 10
    assertThat(Batches.position(p, 10, 0, 0))
        .isEqualTo(new Batches.Position(1, 4, 1, Optional.empty()));
    Batches.Position waiting = Batches.position(p, 10, 1, 0);
    assertThat(waiting.allowed()).isEqualTo(1);
    assertThat(waiting.waiting())
        .contains(
            "batch 1 of 4 (1 of 10 nodes): waiting for 1 more to be done and healthy (1 of 1,"
                + " successThreshold 100%) before batch 2 starts");
    assertThat(Batches.position(p, 10, 1, 1).allowed()).isEqualTo(3);
    assertThat(Batches.position(p, 10, 3, 2).waiting()).isPresent();
    assertThat(Batches.position(p, 10, 3, 3).allowed()).isEqualTo(7);
    assertThat(Batches.position(p, 10, 7, 7))
        .isEqualTo(new Batches.Position(4, 4, 10, Optional.empty()));
  }

  @Test
  void aSuccessThresholdBelowAllLetsTheNextBatchGoEarlier() {
    Batches.Plan p = plan("fixed", 4, null, 75); // ends 4, 8, 12; 3 of 4 suffice
    assertThat(Batches.position(p, 12, 4, 2).allowed()).isEqualTo(4);
    assertThat(Batches.position(p, 12, 4, 3).allowed()).isEqualTo(8);
    assertThat(Batches.position(p, 12, 8, 5).allowed()).isEqualTo(8); // 6 of 8 needed
    assertThat(Batches.position(p, 12, 8, 6).allowed()).isEqualTo(12);
  }

  @Test
  void failuresHaltOnlyBeforeTheSafetyLimit() {
    RolloutBatches b = new RolloutBatches();
    b.setStrategy("linear");
    b.setSafetyLimit(60);
    b.setFailureThreshold(2);
    Batches.Plan p = Batches.Plan.of(Optional.of(b)).orElseThrow();
    assertThat(p.failureThreshold()).contains(2);
    assertThat(p.pastSafetyLimit(5, 10)).isFalse();
    assertThat(p.pastSafetyLimit(6, 10)).isTrue();
    assertThat(plan("linear", 1, 1, null).pastSafetyLimit(10, 10)).isFalse(); // 100: always halts
  }
}
