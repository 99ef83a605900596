package io.ocelot.daemon.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.HealthChecks;
import io.ocelot.testing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class NodeReadyCheckTest {
  private static final String BOOT = "boot-2";
  private static final Instant START = Instant.parse("2026-12-05T10:00:00Z");

  private static Node node(String bootId, String status, String reason, String message) {
    return new NodeBuilder()
        .withNewMetadata()
        .withName("worker-0")
        .endMetadata()
        .withNewStatus()
        .withNewNodeInfo()
        .withBootID(bootId)
        .endNodeInfo()
        .addNewCondition()
        .withType("Ready")
        .withStatus(status)
        .withReason(reason)
        .withMessage(message)
        .endCondition()
        .endStatus()
        .build();
  }

  @Test
  void readyForThisBootPasses() {
    assertThat(NodeReadyCheck.notReady(Optional.of(node(BOOT, "True", "KubeletReady", "")), BOOT))
        .isEmpty();
  }

  @Test
  void readyReportedBeforeTheBootDoesNotCount() {
    assertThat(
            NodeReadyCheck.notReady(Optional.of(node("boot-1", "True", "KubeletReady", "")), BOOT))
        .contains("the kubelet has not reported since the boot (its bootID is boot-1)");
  }

  @Test
  void notReadySaysWhatTheKubeletSaid() {
    assertThat(
            NodeReadyCheck.notReady(
                Optional.of(node(BOOT, "False", "KubeletNotReady", "PLEG is not healthy")), BOOT))
        .contains("Ready=False (KubeletNotReady: PLEG is not healthy)");
  }

  @Test
  void aNodeWithoutStatusOrConditionIsNotReady() {
    Node bare = new NodeBuilder().withNewMetadata().withName("worker-0").endMetadata().build();
    assertThat(NodeReadyCheck.notReady(Optional.of(bare), BOOT))
        .contains("the kubelet has not reported the node's status");
    Node noCondition = new NodeBuilder(bare).withNewStatus().endStatus().build();
    assertThat(NodeReadyCheck.notReady(Optional.of(noCondition), BOOT))
        .contains("the kubelet has not reported the Ready condition");
    assertThat(NodeReadyCheck.notReady(Optional.empty(), BOOT))
        .contains("the node object is not found");
  }

  @Test
  void waitsUntilTheKubeletReportsThenPasses() throws Exception {
    ManualClock clock = ManualClock.at(START);
    AtomicReference<Node> current = new AtomicReference<>(node("boot-1", "True", "", ""));
    List<Duration> slept = new ArrayList<>();
    NodeReadyCheck check =
        new NodeReadyCheck(
            () -> Optional.of(current.get()),
            () -> BOOT,
            clock,
            d -> {
              slept.add(d);
              clock.advance(d);
              if (slept.size() == 3) {
                current.set(node(BOOT, "True", "KubeletReady", ""));
              }
            },
            Duration.ofMinutes(5));
    List<HealthChecks.Outcome> outcomes = check.run();
    assertThat(outcomes).hasSize(1);
    assertThat(outcomes.get(0).ok()).isTrue();
    assertThat(outcomes.get(0).check()).isEqualTo(NodeReadyCheck.CHECK);
    assertThat(slept).hasSize(3).allMatch(Duration.ofSeconds(1)::equals);
  }

  @Test
  void failsAtTheTimeoutWithWhatTheNodeLastShowed() throws Exception {
    ManualClock clock = ManualClock.at(START);
    NodeReadyCheck check =
        new NodeReadyCheck(
            () ->
                Optional.of(node(BOOT, "Unknown", "NodeStatusUnknown", "Kubelet stopped posting")),
            () -> BOOT,
            clock,
            clock::advance,
            Duration.ofSeconds(30));
    HealthChecks.Outcome outcome = check.run().get(0);
    assertThat(outcome.ok()).isFalse();
    assertThat(outcome.result().exitCode()).isEqualTo(CommandResult.TIMED_OUT);
    assertThat(outcome.describe())
        .isEqualTo(
            "timed out after 30s: \"Ready=Unknown (NodeStatusUnknown: Kubelet stopped posting)\"");
    assertThat(clock.instant()).isEqualTo(START.plusSeconds(30));
  }

  @Test
  void aZeroTimeoutTurnsTheCheckOff() throws Exception {
    NodeReadyCheck off =
        new NodeReadyCheck(
            () -> {
              throw new AssertionError("an off check reads no node");
            },
            () -> BOOT,
            ManualClock.at(START),
            d -> {},
            Duration.ZERO);
    assertThat(off.run()).isEmpty();
  }
}
