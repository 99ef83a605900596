package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.KubeControlPlane;
import io.ocelot.apiserver.SharedControlPlane;
import io.ocelot.controller.rollout.NodeTargeting;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rolling a new rendered config out over ten nodes, with the test playing the daemons, on the real
 * control plane (one for the class).
 */
class PoolRolloutIT {
  @RegisterExtension static final SharedControlPlane plane = ControllerHarness.sharedKube();

  final ControllerHarness cluster = ControllerHarness.on(plane);
  final NodePlayer daemons = cluster.daemons(150);

  @AfterEach
  void stop() {
    cluster.close();
  }

  /** A pool on its first rendered config, with ten ready nodes on it; returns that config. */
  String tenNodesOnTheBaseConfig(Object maxUnavailable) {
    cluster.example("00-worker.yaml");
    cluster.pool(maxUnavailable);
    cluster.startController();
    String base = cluster.awaitRendered(Optional.empty());
    IntStream.range(0, 10).forEach(i -> cluster.node("worker-" + i, null, base));
    awaitUpdated(base, 10);
    return base;
  }

  MachineConfigPoolStatus awaitUpdated(String config, int nodes) {
    return cluster.awaitUpdated(config, nodes, Duration.ofSeconds(60));
  }

  @ParameterizedTest(name = "maxUnavailable {0}")
  @ValueSource(strings = {"1", "2", "30%"})
  void neverMoreThanMaxUnavailableNodesAreUnavailable(String max) {
    Object value = max.endsWith("%") ? max : Integer.parseInt(max);
    int limit = max.equals("30%") ? 3 : Integer.parseInt(max);
    String base = tenNodesOnTheBaseConfig(value);
    try (AvailabilityRecorder recorder = new AvailabilityRecorder(cluster.client)) {
      cluster.example("50-chrony.yaml");
      String next = cluster.awaitRendered(Optional.of(base));
      MachineConfigPoolStatus done = awaitUpdated(next, 10);

      assertThat(recorder.maxUnavailable()).isEqualTo(limit);
      assertThat(recorder.events()).isGreaterThan(30);
      // Every node that had to wait for a slot was tainted while it waited.
      assertThat(recorder.tainted()).hasSize(10 - limit);
      assertThat(done.getReadyMachineCount()).isEqualTo(10);
      assertThat(done.getUnavailableMachineCount()).isZero();
    }
    assertThat(cluster.awaitCondition("Updated", c -> "True".equals(c.getStatus())).getMessage())
        .endsWith(
            "All nodes are updated with MachineConfig "
                + cluster.pool().getSpec().getConfiguration().getName());
    assertThat(IntStream.range(0, 10).mapToObj(i -> cluster.node("worker-" + i)))
        .allSatisfy(n -> assertThat(n.getSpec().getTaints()).noneMatch(NodeTargeting::isOurs));
    String next = cluster.pool().getSpec().getConfiguration().getName();
    assertThat(cluster.events("Updating"))
        .extracting(e -> e.getMessage())
        .contains("Pool worker now targeting MachineConfig " + next);
    await()
        .atMost(Duration.ofSeconds(5))
        .untilAsserted(
            () ->
                assertThat(cluster.events("Completed"))
                    .extracting(e -> e.getMessage())
                    .contains("Pool worker has completed update to MachineConfig " + next));
    assertThat(cluster.events("SetDesiredConfig"))
        .extracting(e -> e.getMessage())
        .isNotEmpty()
        .allMatch(
            m ->
                m.matches("Targeted node worker-\\d to MachineConfig: " + next)
                    || m.matches("Set target for \\d nodes to MachineConfig: " + next));
  }

  /**
   * The pool names a new rendered config before any node is told to go to it: the pass that renders
   * publishes, the next targets (at 5000 nodes the spec came 45 s after the first targets). Ordered
   * by resourceVersion, which this control plane's etcd numbers in write order.
   */
  @Test
  void aNewRenderedConfigIsPublishedBeforeAnyNodeIsTargetedWithIt() {
    String base = tenNodesOnTheBaseConfig(3);
    AtomicLong published = new AtomicLong(Long.MAX_VALUE);
    AtomicLong firstTargeted = new AtomicLong(Long.MAX_VALUE);
    AtomicReference<String> next = new AtomicReference<>();
    try (Watch pools =
            cluster
                .client
                .resources(MachineConfigPool.class)
                .withName("worker")
                .watch(
                    watcher(
                        p -> {
                          String name = p.getSpec().getConfiguration().getName();
                          if (!name.equals(base)) {
                            next.compareAndSet(null, name);
                            published.accumulateAndGet(version(p), Math::min);
                          }
                        }));
        Watch nodes =
            cluster
                .client
                .nodes()
                .watch(
                    watcher(
                        n -> {
                          String desired =
                              n.getMetadata().getAnnotations().get(NodeAnnotations.DESIRED_CONFIG);
                          if (desired != null && !desired.equals(base)) {
                            firstTargeted.accumulateAndGet(version(n), Math::min);
                          }
                        }))) {
      cluster.example("50-chrony.yaml");
      awaitUpdated(cluster.awaitRendered(Optional.of(base)), 10);
      await().atMost(Duration.ofSeconds(5)).until(() -> firstTargeted.get() < Long.MAX_VALUE);
    }
    assertThat(next.get()).isNotNull();
    assertThat(published.get()).isLessThan(firstTargeted.get());
  }

  private static long version(io.fabric8.kubernetes.api.model.HasMetadata o) {
    return Long.parseLong(o.getMetadata().getResourceVersion());
  }

  private static <T> Watcher<T> watcher(java.util.function.Consumer<T> seen) {
    return new Watcher<>() {
      @Override
      public void eventReceived(Action action, T object) {
        if (action != Action.DELETED) {
          seen.accept(object);
        }
      }

      @Override
      public void onClose(WatcherException cause) {}
    };
  }

  @Test
  void anApiServerRestartMidRolloutNeitherStopsItNorBreaksTheLimit() throws Exception {
    String base = tenNodesOnTheBaseConfig(2);
    try (AvailabilityRecorder recorder = new AvailabilityRecorder(cluster.client)) {
      cluster.example("50-chrony.yaml");
      String next = cluster.awaitRendered(Optional.of(base));
      await().atMost(Duration.ofSeconds(20)).until(() -> recorder.targetedOrder().size() >= 3);
      ((KubeControlPlane) cluster.server).restart(false); // SIGTERM, then up on the same data
      awaitUpdated(next, 10);
      assertThat(recorder.maxUnavailable()).isEqualTo(2);
    }
  }

  @Test
  void nodesAreTakenByZoneThenAge() throws InterruptedException {
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    cluster.startController();
    String base = cluster.awaitRendered(Optional.empty());
    // Names sort against age, so a name tie-break would fail the test.
    cluster.node("b-old-unzoned", null, base);
    cluster.node("d-old-a", "zone-a", base);
    Thread.sleep(1100); // creation times have a resolution of one second
    cluster.node("a-young-unzoned", null, base);
    cluster.node("c-young-a", "zone-a", base);
    cluster.node("e-b", "zone-b", base);
    awaitUpdated(base, 5);
    try (AvailabilityRecorder recorder = new AvailabilityRecorder(cluster.client)) {
      cluster.example("50-chrony.yaml");
      String next = cluster.awaitRendered(Optional.of(base));
      awaitUpdated(next, 5);
      assertThat(recorder.targetedOrder())
          .containsExactly("d-old-a", "c-young-a", "e-b", "b-old-unzoned", "a-young-unzoned");
    }
  }

  @Test
  void aPausedPoolTargetsNobodyUntilResumed() {
    String base = tenNodesOnTheBaseConfig(3);
    cluster.editPool(
        p -> {
          p.getSpec().setPaused(true);
          return p;
        });
    cluster.example("50-chrony.yaml");
    String next = cluster.awaitRendered(Optional.of(base));
    cluster.awaitCondition(
        "Updating",
        c -> ("Pool is paused; will not update to MachineConfig " + next).equals(c.getMessage()));

    assertThat(IntStream.range(0, 10).mapToObj(i -> cluster.node("worker-" + i)))
        .allSatisfy(
            n ->
                assertThat(n.getMetadata().getAnnotations())
                    .containsEntry(NodeAnnotations.DESIRED_CONFIG, base));
    assertThat(cluster.pool().getStatus().getConfiguration().getName()).isEqualTo(base);

    cluster.editPool(
        p -> {
          p.getSpec().setPaused(false);
          return p;
        });
    awaitUpdated(next, 10);
  }

  @Test
  void aNodeFailingTheNewConfigHoldsCapacityAndIsReportedUntilFixed() {
    String base = tenNodesOnTheBaseConfig(1);
    daemons.failOn("worker-0", "reboot command failed: systemd-run exited 127");
    cluster.example("50-chrony.yaml");
    String next = cluster.awaitRendered(Optional.of(base));

    var degraded = cluster.awaitCondition("NodeDegraded", c -> "True".equals(c.getStatus()));
    assertThat(degraded.getReason()).isEqualTo("1 nodes are reporting degraded status on sync");
    assertThat(degraded.getMessage())
        .isEqualTo("Node worker-0 is reporting: \"reboot command failed: systemd-run exited 127\"");
    cluster.awaitCondition("Degraded", c -> "True".equals(c.getStatus()));
    MachineConfigPool pool = cluster.pool();
    assertThat(pool.getStatus().getDegradedMachineCount()).isEqualTo(1);
    // The failing node uses up the only slot: nobody else is targeted.
    assertThat(IntStream.range(1, 10).mapToObj(i -> cluster.node("worker-" + i)))
        .allSatisfy(
            n ->
                assertThat(n.getMetadata().getAnnotations())
                    .containsEntry(NodeAnnotations.DESIRED_CONFIG, base));

    assertThat(cluster.metrics())
        .contains("mcc_pool_condition{pool=\"worker\",type=\"NodeDegraded\"} 1.0")
        .contains("mcc_pool_machines{kind=\"degraded\",pool=\"worker\"} 1.0");

    daemons.fix("worker-0");
    awaitUpdated(next, 10);
    cluster.awaitCondition("NodeDegraded", c -> "False".equals(c.getStatus()));
    assertThat(cluster.pool().getStatus().getDegradedMachineCount()).isZero();
    await()
        .atMost(Duration.ofSeconds(5))
        .untilAsserted(
            () ->
                assertThat(cluster.metrics())
                    .contains("mcc_pool_condition{pool=\"worker\",type=\"NodeDegraded\"} 0.0")
                    .contains("mcc_pool_machines{kind=\"updated\",pool=\"worker\"} 10.0"));
  }

  /** {@code mcc_pool_passes_total} of the worker pool so far. */
  long passes() {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("mcc_pool_passes_total\\{pool=\"worker\"} (\\d+)")
            .matcher(cluster.metrics());
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  @Test
  void nodeEventsFasterThanPassesArePacedToFiveASecond() {
    tenNodesOnTheBaseConfig(1);
    long before = passes();
    long start = System.nanoTime();
    int writes = 60;
    for (int i = 0; i < writes; i++) {
      // Each write is a node event for the pool; none changes what the pool should do.
      int n = i;
      cluster
          .client
          .nodes()
          .withName("worker-" + (n % 10))
          .edit(
              x -> {
                x.getMetadata().getAnnotations().put("example.com/touched", Integer.toString(n));
                return x;
              });
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long passes = passes() - before;
    // One pass per 200 ms, and the one running when the writes began. Unpaced, every write made
    // a pass (59 for 60 in 0.9 s); the bound grows with the time the writes took, so a slow
    // machine loosens it rather than failing it.
    long bound = (long) Math.ceil(seconds / 0.2) + 2;
    assertThat(passes)
        .as("%d passes for %d node writes in %.2f s", passes, writes, seconds)
        .isLessThanOrEqualTo(bound);
    // Paced, not lost: a change after the burst reaches the pool's status.
    cluster
        .client
        .nodes()
        .withName("worker-0")
        .edit(
            x -> {
              x.getSpec().setUnschedulable(true);
              return x;
            });
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> cluster.pool().getStatus().getReadyMachineCount() == 9);
  }
}
