package io.ocelot.daemon;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.apiserver.ControlPlane;
import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.apiserver.ControlPlanes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real control plane for all tests of a class (a start costs ~7 s), as a static
 * {@code @RegisterExtension}: after each test (and its own {@code @AfterEach}) it removes what the
 * test made — Nodes, MachineConfigs and events — so none sees another's.
 */
public final class SharedControlPlane
    implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {
  private Path dir;
  public ControlPlane cluster;
  public KubernetesClient client;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    dir = Files.createTempDirectory("ocelot-cp");
    cluster =
        ControlPlanes.start(ControlPlaneMode.KUBE, dir.resolve("cp"), 0, System.getenv(), l -> {})
            .installCrds();
    client = cluster.newAdminClient();
  }

  @Override
  public void afterEach(ExtensionContext context) {
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
  public void afterAll(ExtensionContext context) throws Exception {
    client.close();
    cluster.close();
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
