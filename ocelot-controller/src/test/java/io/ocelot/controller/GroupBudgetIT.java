package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.policy.RolloutPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 40 item 2 on the real control plane: nodes in three zones over two pools (worker and
 * infra), each pool allowed 6 unavailable, one policy governing both with a budget of one disrupted
 * node per zone. Both pools roll out at once; at no moment does a zone have two nodes disrupted,
 * and the pools say what holds them.
 */
class GroupBudgetIT {
  static final String ZONE = "topology.kubernetes.io/zone";
  static final String INFRA = "node-role.kubernetes.io/infra";

  @TempDir Path dir;
  ControllerHarness cluster;

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  String rendered(String pool) {
    var c = cluster.pool(pool).getSpec().getConfiguration();
    return c == null ? null : c.getName();
  }

  @Test
  void noZoneEverHasMoreDisruptedNodesThanItsBudgetAcrossPools() throws Exception {
    cluster = ControllerHarness.onKube(dir);
    cluster.daemons(1500);
    cluster.example("00-worker.yaml");
    cluster.pool(6);
    cluster.infraPool(6);
    cluster.startController();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> rendered("worker") != null && rendered("infra") != null);
    String worker = rendered("worker");
    String infra = rendered("infra");
    Map<String, String> zones = new HashMap<>();
    for (String[] n :
        List.of(
            new String[] {"worker-0", "a"},
            new String[] {"worker-1", "b"},
            new String[] {"worker-2", "c"},
            new String[] {"worker-3", "a"},
            new String[] {"worker-4", "b"})) {
      cluster.node(n[0], n[1], worker);
      zones.put(n[0], n[1]);
    }
    for (String[] n : List.of(new String[] {"infra-0", "a"}, new String[] {"infra-1", "c"})) {
      cluster.node(n[0], n[1], infra, Map.of(INFRA, ""));
      zones.put(n[0], n[1]);
    }
    cluster.awaitUpdated(worker, 5, Duration.ofSeconds(60));
    cluster
        .client
        .resource(
            Serialization.unmarshal(
                "apiVersion: ocelot.io/v1alpha1\nkind: RolloutPolicy\nmetadata: {name: zones}\n"
                    + "spec:\n  pools: {names: [worker, infra]}\n"
                    + "  disruptionBudget: {groupBy: ["
                    + ZONE
                    + "], maxUnavailable: 1}\n",
                RolloutPolicy.class))
        .create();

    cluster.example("50-chrony.yaml");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> !worker.equals(rendered("worker")) && !infra.equals(rendered("infra")));
    List<String> overruns = new CopyOnWriteArrayList<>();
    List<String> said = new CopyOnWriteArrayList<>();
    await()
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              Map<String, Integer> disrupted = new HashMap<>();
              boolean done = true;
              for (Node n : cluster.client.nodes().list().getItems()) {
                Map<String, String> a = n.getMetadata().getAnnotations();
                boolean settled =
                    "Done".equals(a.get(NodeAnnotations.STATE))
                        && a.get(NodeAnnotations.CURRENT_CONFIG)
                            .equals(a.get(NodeAnnotations.DESIRED_CONFIG));
                if (!settled) {
                  disrupted.merge(zones.get(n.getMetadata().getName()), 1, Integer::sum);
                }
                String pool = n.getMetadata().getName().startsWith("infra") ? "infra" : "worker";
                done &= settled && a.get(NodeAnnotations.CURRENT_CONFIG).equals(rendered(pool));
              }
              disrupted.forEach(
                  (zone, count) -> {
                    if (count > 1) {
                      overruns.add("zone " + zone + ": " + count + " disrupted");
                    }
                  });
              for (String pool : List.of("worker", "infra")) {
                MachineConfigPool p = cluster.pool(pool);
                if (p.getStatus() != null) {
                  p.getStatus().getConditions().stream()
                      .filter(c -> c.getType().equals("Updating"))
                      .map(c -> c.getMessage())
                      .filter(m -> m != null && m.startsWith("disruption budget: "))
                      .forEach(said::add);
                }
              }
              return done;
            });
    assertThat(overruns).isEmpty();
    assertThat(said)
        .anySatisfy(
            m ->
                assertThat(m)
                    .matches(
                        "disruption budget: zone=[abc] has 1 of its [23] nodes disrupted, 1 allowed.*"));
  }
}
