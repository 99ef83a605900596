package io.ocelot.daemon;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.apiserver.ControlPlane;
import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.apiserver.ControlPlanes;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One real control plane for all tests of a class (a start costs ~7 s): {@link #reset} between
 * tests removes what a test made — Nodes, MachineConfigs and events — so none sees another's.
 */
final class SharedControlPlane implements AutoCloseable {
  final ControlPlane cluster;
  final KubernetesClient client;

  private SharedControlPlane(ControlPlane cluster) {
    this.cluster = cluster;
    this.client = cluster.newAdminClient();
  }

  static SharedControlPlane start(Path dir) throws Exception {
    return new SharedControlPlane(
        ControlPlanes.start(ControlPlaneMode.KUBE, dir, 0, System.getenv(), l -> {}).installCrds());
  }

  void reset() {
    client.nodes().delete();
    client.resources(MachineConfig.class).delete();
    client.v1().events().inNamespace("default").delete();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client.nodes().list().getItems().isEmpty()
                    && client.resources(MachineConfig.class).list().getItems().isEmpty()
                    && client.v1().events().inNamespace("default").list().getItems().isEmpty());
  }

  @Override
  public void close() {
    client.close();
    cluster.close();
  }
}
