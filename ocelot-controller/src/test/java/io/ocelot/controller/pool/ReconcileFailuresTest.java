package io.ocelot.controller.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.PoolConditionType;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ReconcileFailuresTest {
  @Test
  void theErrorIsOnePrintableLineWithItsType() {
    assertThat(ReconcileFailures.describe(new NullPointerException()))
        .isEqualTo("NullPointerException");
    assertThat(ReconcileFailures.describe(new IllegalStateException("bad\nthing")))
        .isEqualTo("IllegalStateException: bad\\nthing");
    assertThat(ReconcileFailures.describe(new RuntimeException("x".repeat(5000)))).hasSize(1000);
  }

  @Test
  void theRootCauseFollowsAnErrorThatWrapsIt() {
    Exception wrapped =
        new IllegalStateException(
            "Operation: [patch] failed.",
            new java.io.UncheckedIOException(new java.io.IOException("connection reset")));
    assertThat(ReconcileFailures.describe(wrapped))
        .isEqualTo(
            "IllegalStateException: Operation: [patch] failed. (caused by IOException: connection"
                + " reset)");
    Exception a = new IllegalStateException("a");
    Exception b = new IllegalArgumentException("b", a);
    a.initCause(b); // a cycle of two
    assertThat(ReconcileFailures.describe(a)).startsWith("IllegalStateException: a (caused by ");
  }

  @Test
  void eventsOnTheFirstFailureAndAtEveryDoubling() {
    List<Integer> withEvents =
        IntStream.rangeClosed(1, 40)
            .filter(a -> ReconcileFailures.event(a, "E").isPresent())
            .boxed()
            .toList();
    assertThat(withEvents).containsExactly(1, 2, 4, 8, 16, 32);
    assertThat(ReconcileFailures.event(1, "NullPointerException"))
        .contains("reconciling the pool failed; retrying with backoff: NullPointerException");
    assertThat(ReconcileFailures.event(4, "E"))
        .contains("reconciling the pool failed 4 times in a row; retrying with backoff: E");
  }

  @Test
  void theThirdFailureMarksThePoolAndKeepsItsOtherConditions() {
    MachineConfigPoolStatus status = new MachineConfigPoolStatus();
    status.setConditions(
        new java.util.ArrayList<>(
            List.of(new MachineConfigPoolCondition("Updating", "True", "t0", "", "busy"))));
    assertThat(ReconcileFailures.stuck(Optional.of(status), 2, "E", "t1")).isEmpty();

    MachineConfigPoolStatus stuck =
        ReconcileFailures.stuck(Optional.of(status), 3, "NullPointerException", "t1").orElseThrow();
    assertThat(stuck.getConditions())
        .extracting(MachineConfigPoolCondition::getType)
        .containsExactly("Updating", PoolConditionType.RECONCILE_DEGRADED);
    MachineConfigPoolCondition c = stuck.getConditions().get(1);
    assertThat(c.getStatus()).isEqualTo("True");
    assertThat(c.getReason()).isEqualTo("ReconcileFailed");
    assertThat(c.getMessage())
        .isEqualTo(
            "the controller failed to reconcile this pool 3 times in a row and keeps retrying;"
                + " its status may be stale: NullPointerException");

    MachineConfigPoolStatus later =
        ReconcileFailures.stuck(Optional.of(stuck), 9, "E", "t9").orElseThrow();
    assertThat(later.getConditions().get(1).getLastTransitionTime()).isEqualTo("t1");
    assertThat(ReconcileFailures.stuck(Optional.empty(), 3, "E", "t1")).isPresent();
  }
}
