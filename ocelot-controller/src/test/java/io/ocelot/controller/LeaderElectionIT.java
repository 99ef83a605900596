package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.apiserver.SharedControlPlane;
import io.ocelot.controller.imagebuild.SimulatedImageBuilder;
import io.ocelot.controller.support.ControllerMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two controllers, one Lease, on the real control plane: one acts; when it stops, the other takes
 * over.
 */
class LeaderElectionIT {
  @RegisterExtension static final SharedControlPlane plane = ControllerHarness.sharedKube();

  final ControllerHarness cluster = ControllerHarness.on(plane);
  final Map<String, ControllerOperator> running = new HashMap<>();
  final Map<String, KubernetesClient> clients = new HashMap<>();

  @AfterEach
  void stop() {
    running.values().forEach(ControllerOperator::close);
    clients.values().forEach(KubernetesClient::close);
    cluster.close();
  }

  final Set<String> lost = ConcurrentHashMap.newKeySet();

  void start(String identity) {
    KubernetesClient client = cluster.server.newAdminClient();
    clients.put(identity, client);
    ControllerSettings settings =
        cluster
            .settings()
            .withLeaderElection(
                new LeaderElection(
                    LeaderElection.LEASE_NAME,
                    "default",
                    Duration.ofSeconds(3),
                    Duration.ofSeconds(2),
                    Duration.ofMillis(250),
                    identity,
                    () -> lost.add(identity)));
    running.put(
        identity,
        ControllerOperator.start(
            client,
            settings,
            new ControllerMetrics(new PrometheusRegistry()),
            new SimulatedImageBuilder(Duration.ZERO, Clock.systemUTC()),
            Clock.systemUTC()));
  }

  String holder() {
    Lease lease =
        cluster.client.leases().inNamespace("default").withName(LeaderElection.LEASE_NAME).get();
    return lease == null ? null : lease.getSpec().getHolderIdentity();
  }

  @Test
  void theStandbyTakesOverWhenTheLeaderStops() {
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    start("a");
    start("b");
    String first = cluster.awaitRendered(Optional.empty());
    await().atMost(Duration.ofSeconds(10)).until(() -> holder() != null);
    String leader = holder();
    String standby = leader.equals("a") ? "b" : "a";

    running.remove(leader).close();
    cluster.example("50-chrony.yaml");
    String second = cluster.awaitRendered(Optional.of(first));

    assertThat(second).isNotEqualTo(first);
    assertThat(holder()).isEqualTo(standby);
    assertThat(lost).as("stopping is not losing").isEmpty();
  }

  @Test
  void aLeaderWhoseLeaseIsTakenIsToldItLostTheLead() {
    start("a");
    await().atMost(Duration.ofSeconds(10)).until(() -> "a".equals(holder()));
    cluster
        .client
        .leases()
        .inNamespace("default")
        .withName(LeaderElection.LEASE_NAME)
        .edit(
            l -> {
              l.getSpec().setHolderIdentity("intruder");
              l.getSpec().setLeaseDurationSeconds(60);
              l.getSpec().setRenewTime(ZonedDateTime.now());
              return l;
            });
    await().atMost(Duration.ofSeconds(15)).until(() -> lost.contains("a"));
  }
}
