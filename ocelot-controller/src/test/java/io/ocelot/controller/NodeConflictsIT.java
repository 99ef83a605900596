package io.ocelot.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.apiserver.ControlPlaneBinary;
import io.ocelot.apiserver.KubeControlPlane;
import io.ocelot.controller.support.NodeUpdates;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 409 Conflict on the real API server: the controller's optimistic node updates, racing a daemon's
 * patches to the same Node, lose nothing — every write of both lands.
 */
class NodeConflictsIT {
  @TempDir static Path dir;
  static KubeControlPlane plane;
  static KubernetesClient client;

  @BeforeAll
  static void start() throws Exception {
    plane = KubeControlPlane.start(ControlPlaneBinary.locate(System.getenv()).binary(), dir, 0);
    client = plane.newAdminClient();
  }

  @AfterAll
  static void stop() {
    client.close();
    plane.close();
  }

  Node node(String name) {
    return client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName(name)
                .addToAnnotations("ocelot.io/created", "yes")
                .endMetadata()
                .build())
        .create();
  }

  void daemonPatch(String node, String key, String value) {
    client
        .nodes()
        .withName(node)
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"metadata\":{\"annotations\":{\"" + key + "\":\"" + value + "\"}}}");
  }

  @Test
  void aStaleUpdateGets409AndIsAppliedAgainToAFreshRead() {
    Node cached = node("stale");
    daemonPatch("stale", "machineconfiguration.openshift.io/state", "Working");
    long before = plane.requests().byKind().getOrDefault("UPDATE nodes 409", 0L);

    Node written =
        new NodeUpdates(client)
            .update(
                cached,
                n -> {
                  n.getMetadata()
                      .getAnnotations()
                      .put("machineconfiguration.openshift.io/desiredConfig", "rendered-worker-2");
                  return true;
                });

    assertThat(plane.requests().byKind().getOrDefault("UPDATE nodes 409", 0L) - before)
        .isEqualTo(1);
    assertThat(written.getMetadata().getAnnotations())
        .containsEntry("machineconfiguration.openshift.io/state", "Working")
        .containsEntry("machineconfiguration.openshift.io/desiredConfig", "rendered-worker-2");
  }

  @Test
  void twoWritersOnOneNodeKeepEveryWrite() throws Exception {
    node("busy");
    int writes = 40;
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<?> daemon =
          pool.submit(
              () -> {
                for (int i = 0; i < writes; i++) {
                  daemonPatch("busy", "ocelot.io/daemon-" + i, "d" + i);
                }
              });
      Future<?> controller =
          pool.submit(
              () -> {
                NodeUpdates updates = new NodeUpdates(client);
                for (int i = 0; i < writes; i++) {
                  String key = "ocelot.io/controller-" + i;
                  // Under a writer this busy even five fresh reads can all lose the race; then the
                  // update throws the 409 and the reconciler runs again, as here.
                  for (int reconcile = 1; ; reconcile++) {
                    try {
                      updates.update(
                          client.nodes().withName("busy").get(),
                          n -> {
                            n.getMetadata().getAnnotations().put(key, "c");
                            return true;
                          });
                      break;
                    } catch (KubernetesClientException e) {
                      if (e.getCode() != 409 || reconcile == 20) {
                        throw e;
                      }
                    }
                  }
                }
              });
      daemon.get();
      controller.get();
    } finally {
      pool.shutdownNow();
    }
    Map<String, String> a = client.nodes().withName("busy").get().getMetadata().getAnnotations();
    for (int i = 0; i < writes; i++) {
      assertThat(a).containsEntry("ocelot.io/daemon-" + i, "d" + i);
      assertThat(a).containsEntry("ocelot.io/controller-" + i, "c");
    }
  }
}
