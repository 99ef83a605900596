package io.ocelot.daemon.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.daemon.txn.Category;
import io.ocelot.daemon.txn.FailureRecord;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Metric labels from the failure's typed phase and category, never from its wording. */
class ReasonClassTest {
  static FailureRecord prepare(String step, Optional<Category> category) {
    FailureRecord r = RetryPolicyTest.failed(FailureRecord.Phase.PREPARE, step, 1, 0);
    return new FailureRecord(
        r.phase(),
        r.step(),
        r.command(),
        r.exitCode(),
        r.stderrTail(),
        r.cause(),
        r.rollback(),
        r.attempt(),
        r.firstFailedAt(),
        r.failedAt(),
        r.target(),
        r.remainsOn(),
        r.replacedCause(),
        r.notes(),
        r.boots(),
        category);
  }

  @Test
  void aPrepareFailureIsClassedByWhatItsStepChanges() {
    assertThat(ReasonClass.of(prepare("stage OS image I2", Optional.of(Category.IMAGE))))
        .isEqualTo("stage-failed");
    // The wording does not matter: a reworded summary keeps its class.
    assertThat(ReasonClass.of(prepare("pull and stage I2", Optional.of(Category.IMAGE))))
        .isEqualTo("stage-failed");
    assertThat(ReasonClass.of(prepare("reload crio.service", Optional.of(Category.SERVICE))))
        .isEqualTo("service-failed");
    // A record from before categories were recorded.
    assertThat(ReasonClass.of(prepare("write file /etc/x", Optional.empty())))
        .isEqualTo("prepare-failed");
  }

  @Test
  void everyCategoryHasItsOwnBoundedClass() {
    List<String> classes = Arrays.stream(Category.values()).map(ReasonClass::of).toList();
    assertThat(classes).doesNotHaveDuplicates().allMatch(c -> c.matches("[a-z-]+-failed"));
    assertThat(classes)
        .containsExactly(
            "drain-failed",
            "stage-failed",
            "kernel-failed",
            "extensions-failed",
            "file-failed",
            "unit-failed",
            "ssh-keys-failed",
            "password-failed",
            "kernel-arguments-failed",
            "revert-artifacts-failed",
            "service-failed");
  }
}
