package io.ocelot.apiserver;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.MachineConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real control plane for all tests of a class (a start costs ~7 s), as a static
 * {@code @RegisterExtension}: after each test (and its own {@code @AfterEach}) it removes what the
 * test made — Nodes, MachineConfigs, events in {@code default}, and what {@link #wiping} adds — so
 * none sees another's.
 */
public final class SharedControlPlane
    implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {
  private final List<Class<? extends HasMetadata>> clusterScoped =
      new ArrayList<>(List.of(Node.class, MachineConfig.class));
  private final List<Class<? extends HasMetadata>> inDefault =
      new ArrayList<>(List.of(Event.class));
  private Path dir;
  public ControlPlane cluster;
  public KubernetesClient client;

  /** Also removes these kinds after each test: cluster-scoped ones, and in {@code default}. */
  @SafeVarargs
  public final SharedControlPlane wiping(
      List<Class<? extends HasMetadata>> cluster, Class<? extends HasMetadata>... namespaced) {
    clusterScoped.addAll(cluster);
    inDefault.addAll(List.of(namespaced));
    return this;
  }

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
    clusterScoped.forEach(k -> client.resources(k).delete());
    inDefault.forEach(k -> client.resources(k).inNamespace("default").delete());
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                clusterScoped.stream()
                        .allMatch(k -> client.resources(k).list().getItems().isEmpty())
                    && inDefault.stream()
                        .allMatch(
                            k ->
                                client
                                    .resources(k)
                                    .inNamespace("default")
                                    .list()
                                    .getItems()
                                    .isEmpty()));
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
