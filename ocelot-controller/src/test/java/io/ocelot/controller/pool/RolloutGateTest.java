package io.ocelot.controller.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.policy.AlertGate;
import io.ocelot.api.policy.RolloutPolicy;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import io.ocelot.controller.policy.AlertSource;
import io.ocelot.controller.support.ObjectEvents;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The alert gate: which firing alerts hold new nodes back, and failing closed. */
class RolloutGateTest {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-05T12:00:00Z"), ZoneOffset.UTC);
  static final PoolTarget R2 = new PoolTarget("rendered-worker-2", Optional.empty());

  final List<AlertSource.Firing> firing = new ArrayList<>();
  final List<String> asked = new ArrayList<>();
  IOException unreachable;

  final AlertSource source =
      url -> {
        asked.add(url);
        if (unreachable != null) {
          throw unreachable;
        }
        return List.copyOf(firing);
      };

  final RolloutGate gate = new RolloutGate(new ObjectEvents(null, CLOCK), CLOCK, source);

  static MachineConfigPool pool() {
    MachineConfigPool p = new MachineConfigPool();
    p.getMetadata().setName("worker");
    return p;
  }

  static RolloutPolicy gated(String names) {
    RolloutPolicy p = new RolloutPolicy();
    p.getMetadata().setName("gated");
    p.getSpec().getPools().setNames(List.of("worker"));
    AlertGate g = new AlertGate();
    g.setPrometheusURL("http://prometheus:9090");
    g.setAlertNames(names);
    p.getSpec().setAlertGate(g);
    return p;
  }

  static List<PoolNode> nodes(String desired) {
    Map<String, String> a =
        Map.of(
            NodeAnnotations.CURRENT_CONFIG, "rendered-worker-1",
            NodeAnnotations.DESIRED_CONFIG, desired,
            NodeAnnotations.STATE, "Done");
    return List.of(new PoolNode("worker-0", a, Map.of(), true, Instant.EPOCH));
  }

  @Test
  void matchingFiringAlertsHoldNewNodesAndOthersDoNot() {
    firing.add(new AlertSource.Firing("MCDRebootError", "worker-1"));
    firing.add(new AlertSource.Firing("Watchdog", ""));
    RolloutGate.Hold hold =
        gate.check(
            pool(), nodes("rendered-worker-1"), R2, List.of(gated("MCD.*|Ocelot.*")), List::of);
    assertThat(hold.holds()).isTrue();
    assertThat(gate.waiting(hold))
        .contains("waiting for alerts to clear: MCDRebootError (worker-1)");
    assertThat(gate.recheck(hold)).contains(Duration.ofSeconds(10));
    assertThat(asked).containsExactly("http://prometheus:9090");

    firing.remove(0);
    assertThat(
            gate.check(pool(), nodes("rendered-worker-1"), R2, List.of(gated("MCD.*")), List::of)
                .holds())
        .isFalse();
  }

  @Test
  void nothingToStartAsksNothing() {
    firing.add(new AlertSource.Firing("MCDRebootError", "worker-1"));
    assertThat(
            gate.check(pool(), nodes("rendered-worker-2"), R2, List.of(gated(".+")), List::of)
                .holds())
        .isFalse();
    assertThat(asked).isEmpty();
  }

  @Test
  void theGateFailsClosedAndSaysWhy() {
    unreachable = new IOException("Connection refused");
    RolloutGate.Hold hold =
        gate.check(pool(), nodes("rendered-worker-1"), R2, List.of(gated(".+")), List::of);
    assertThat(gate.waiting(hold))
        .contains(
            "alert gate: cannot read the alerts of http://prometheus:9090 (Connection refused);"
                + " no new node starts until it answers");
    unreachable = null;
    assertThat(
            gate.waiting(
                gate.check(
                    pool(), nodes("rendered-worker-1"), R2, List.of(gated("(unclosed")), List::of)))
        .hasValueSatisfying(
            m ->
                assertThat(m)
                    .startsWith(
                        "alert gate: spec.alertGate.alertNames is not a regular expression:"));
  }

  static RolloutPolicy windowed(boolean rebootlessAnytime) {
    RolloutPolicy p = new RolloutPolicy();
    p.getMetadata().setName("nights");
    p.getSpec().getPools().setNames(List.of("worker"));
    io.ocelot.api.policy.MaintenanceWindow w = new io.ocelot.api.policy.MaintenanceWindow();
    w.setDays(List.of(io.ocelot.api.policy.MaintenanceWindow.Day.Sun));
    w.setStart("02:00");
    w.setLength("1h");
    p.getSpec().setMaintenanceWindows(List.of(w));
    p.getSpec().setRebootlessAnytime(rebootlessAnytime);
    return p;
  }

  @Test
  void aClosedWindowLetsOnlyRebootlessUpdatesThroughWhenThePolicySaysSo() {
    PoolNode node = nodes("rendered-worker-1").get(0);
    java.util.function.Predicate<PoolNode> rebootless = n -> true;
    // Saturday noon: the Sunday window is closed.
    RolloutGate.Hold strict =
        gate.check(pool(), nodes("rendered-worker-1"), R2, List.of(windowed(false)), List::of);
    assertThat(strict.window()).isPresent();
    assertThat(strict.mayStart(() -> rebootless).test(node)).isFalse();
    RolloutGate.Hold lenient =
        gate.check(pool(), nodes("rendered-worker-1"), R2, List.of(windowed(true)), List::of);
    assertThat(lenient.mayStart(() -> rebootless).test(node)).isTrue();
    assertThat(lenient.mayStart(() -> n -> false).test(node)).isFalse();
    // Anything else holding (here the alert gate) holds rebootless updates too.
    firing.add(new AlertSource.Firing("MCDRebootError", "worker-1"));
    RolloutPolicy both = windowed(true);
    both.getSpec().setAlertGate(gated(".*").getSpec().getAlertGate());
    RolloutGate.Hold alerts =
        gate.check(pool(), nodes("rendered-worker-1"), R2, List.of(both), List::of);
    assertThat(alerts.mayStart(() -> rebootless).test(node)).isFalse();
    // Nothing holds: every node may start, and the configs are not even read.
    assertThat(
            RolloutGate.Hold.NONE
                .mayStart(
                    () -> {
                      throw new AssertionError("read only while a window is closed");
                    })
                .test(node))
        .isTrue();
  }
}
