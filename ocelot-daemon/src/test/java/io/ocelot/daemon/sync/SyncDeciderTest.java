package io.ocelot.daemon.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.daemon.node.NodeView;
import io.ocelot.daemon.txn.Target;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The pure decide step of the sync loop. */
class SyncDeciderTest {
  static final Instant NOW = Instant.parse("2026-12-02T12:00:00Z");
  static final Target R1 = new Target("rendered-1", Optional.empty());
  static final Target R2 = new Target("rendered-2", Optional.of("img@sha256:2"));

  static NodeView node(String... kv) {
    Map<String, String> a = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      a.put(kv[i], kv[i + 1]);
    }
    return new NodeView("worker-0", "uid", a);
  }

  static SyncDecider.Observation seen(NodeView n) {
    return new Seen(Optional.of(n)).observation();
  }

  /** An observation built by naming what differs from a quiet node at {@link #NOW}. */
  static final class Seen {
    private final Optional<NodeView> node;
    private boolean rebootRequested;
    private boolean inFlight;
    private Optional<Target> marker = Optional.empty();
    private Optional<Target> failing = Optional.empty();
    private Instant due = Instant.EPOCH;
    private Instant now = NOW;

    Seen(Optional<NodeView> node) {
      this.node = node;
    }

    Seen marker(Target t) {
      marker = Optional.of(t);
      return this;
    }

    Seen failing(Target t, Instant nextAttempt) {
      failing = Optional.of(t);
      due = nextAttempt;
      return this;
    }

    Seen at(Instant instant) {
      now = instant;
      return this;
    }

    Seen inFlight() {
      inFlight = true;
      return this;
    }

    Seen rebootRequested() {
      rebootRequested = true;
      return this;
    }

    SyncDecider.Observation observation() {
      return new SyncDecider.Observation(
          node, rebootRequested, inFlight, marker, failing, due, now, Optional.empty());
    }
  }

  static final NodeView ON_R1_WANTS_R2 =
      node(
          NodeAnnotations.CURRENT_CONFIG, "rendered-1",
          NodeAnnotations.DESIRED_CONFIG, "rendered-2",
          NodeAnnotations.DESIRED_IMAGE, "img@sha256:2",
          NodeAnnotations.STATE, "Done");

  @Test
  void backoffDoublesFromOneSecondToASixtySecondCap() {
    RetrySettings s = RetrySettings.DEFAULTS;
    assertThat(java.util.stream.IntStream.rangeClosed(0, 9).mapToObj(n -> s.backoff(n).toSeconds()))
        .containsExactly(0L, 1L, 2L, 4L, 8L, 16L, 32L, 60L, 60L, 60L);
    // After a boot: 5, 10, 20, 40 minutes, then the hour's cap.
    assertThat(
            java.util.stream.IntStream.rangeClosed(1, 6)
                .mapToObj(n -> s.bootBackoff(n).toMinutes()))
        .containsExactly(5L, 10L, 20L, 40L, 60L, 60L);
    assertThat(s.maxBoots()).isEqualTo(3);
  }

  @Test
  void updateWhenDesiredDiffers() {
    assertThat(SyncDecider.decide(seen(ON_R1_WANTS_R2))).isEqualTo(new SyncDecision.Update(R1, R2));
  }

  @Test
  void theMarkerOverridesTheCurrentConfigAnnotation() {
    Target onDisk = new Target("rendered-0", Optional.empty());
    SyncDecider.Observation o = new Seen(Optional.of(ON_R1_WANTS_R2)).marker(onDisk).observation();
    assertThat(SyncDecider.decide(o)).isEqualTo(new SyncDecision.Update(onDisk, R2));
  }

  @Test
  void aFailingTargetWaitsForItsBackoffWhateverElseHappens() {
    Instant due = NOW.plusSeconds(8);
    SyncDecider.Observation o =
        new Seen(Optional.of(ON_R1_WANTS_R2)).failing(R2, due).observation();
    assertThat(SyncDecider.decide(o)).isEqualTo(new SyncDecision.WaitForBackoff(due));
    // A new target does not wait for the old one's backoff.
    SyncDecider.Observation other =
        new Seen(Optional.of(ON_R1_WANTS_R2))
            .failing(new Target("rendered-9", Optional.empty()), due)
            .observation();
    assertThat(SyncDecider.decide(other)).isEqualTo(new SyncDecision.Update(R1, R2));
    // Once due, it goes again.
    SyncDecider.Observation later =
        new Seen(Optional.of(ON_R1_WANTS_R2)).failing(R2, due).at(due).observation();
    assertThat(SyncDecider.decide(later)).isEqualTo(new SyncDecision.Update(R1, R2));
  }

  @Test
  void aPendingDrainIsWaitedFor() {
    NodeView n =
        node(
            NodeAnnotations.CURRENT_CONFIG, "rendered-1",
            NodeAnnotations.DESIRED_CONFIG, "rendered-2",
            NodeAnnotations.DESIRED_DRAIN, "drain-rendered-2",
            NodeAnnotations.LAST_APPLIED_DRAIN, "uncordon-rendered-1");
    assertThat(SyncDecider.decide(seen(n)))
        .isEqualTo(new SyncDecision.WaitForDrain("drain-rendered-2"));
  }

  @Test
  void inDesiredStateThereIsNothingToDoUnlessDegradedOrAStaleReboot() {
    NodeView done =
        node(
            NodeAnnotations.CURRENT_CONFIG,
            "rendered-1",
            NodeAnnotations.DESIRED_CONFIG,
            "rendered-1",
            NodeAnnotations.STATE,
            "Done");
    assertThat(SyncDecider.decide(seen(done))).isEqualTo(new SyncDecision.NothingToDo(R1));
    NodeView degraded =
        node(
            NodeAnnotations.CURRENT_CONFIG,
            "rendered-1",
            NodeAnnotations.DESIRED_CONFIG,
            "rendered-1",
            NodeAnnotations.STATE,
            "Degraded");
    assertThat(SyncDecider.decide(seen(degraded))).isEqualTo(new SyncDecision.Update(R1, R1));
  }

  @Test
  void annotationsRemovedByHandAreRestoredFromTheHostsMarker() {
    Target onDisk = new Target("rendered-1", Optional.empty());
    assertThat(SyncDecider.decide(new Seen(Optional.of(node())).marker(onDisk).observation()))
        .isEqualTo(new SyncDecision.RestoreAnnotations(onDisk, true));
    // The controller's desiredConfig is kept: only what the host knows is restored.
    assertThat(
            SyncDecider.decide(
                new Seen(Optional.of(node(NodeAnnotations.DESIRED_CONFIG, "rendered-2")))
                    .marker(onDisk)
                    .observation()))
        .isEqualTo(new SyncDecision.RestoreAnnotations(onDisk, false));
  }

  @Test
  void missingPiecesAreNotManagedNotErrors() {
    assertThat(SyncDecider.decide(seen(node()))).isInstanceOf(SyncDecision.NotManaged.class);
    assertThat(SyncDecider.decide(seen(node(NodeAnnotations.CURRENT_CONFIG, "rendered-1"))))
        .isInstanceOf(SyncDecision.NotManaged.class);
    assertThat(SyncDecider.decide(new Seen(Optional.empty()).observation()))
        .isEqualTo(new SyncDecision.NodeMissing());
  }

  @Test
  void inFlightHostWorkComesFirstAndARequestedRebootWaits() {
    SyncDecider.Observation inFlight =
        new Seen(Optional.of(ON_R1_WANTS_R2)).inFlight().observation();
    assertThat(SyncDecider.decide(inFlight)).isEqualTo(new SyncDecision.Recover());
    SyncDecider.Observation rebooting =
        new Seen(Optional.of(ON_R1_WANTS_R2)).inFlight().rebootRequested().observation();
    assertThat(SyncDecider.decide(rebooting)).isEqualTo(new SyncDecision.AwaitingReboot());
  }
}
