package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** On the real control plane: what a server answers (a watch's stream, a patch) is its own. */
class RequestTallyTest {
  @RegisterExtension static final SharedControlPlane plane = new SharedControlPlane();

  @Test
  void countsWhatItsClientSendsAndNothingElse() throws Exception {
    RequestTally tally = new RequestTally();
    AtomicInteger seen = new AtomicInteger();
    try (KubernetesClient counted =
            RequestTally.install(
                    new KubernetesClientBuilder().withConfig(plane.client.getConfiguration()),
                    Optional.of(tally))
                .build();
        KubernetesClient other = plane.cluster.newAdminClient()) {
      Node n =
          counted
              .nodes()
              .resource(new NodeBuilder().withNewMetadata().withName("a").endMetadata().build())
              .create();
      try (Watch w =
          counted
              .nodes()
              .watch(
                  new Watcher<>() {
                    @Override
                    public void eventReceived(Action action, Node node) {
                      seen.incrementAndGet();
                    }

                    @Override
                    public void onClose(WatcherException cause) {}
                  })) {
        counted.nodes().withName("a").get();
        counted.nodes().list();
        counted
            .nodes()
            .resource(n)
            .patch(
                PatchContext.of(PatchType.JSON_MERGE), "{\"metadata\":{\"labels\":{\"x\":\"y\"}}}");
        // Another client's requests are not this tally's.
        other.nodes().list();
        other.nodes().withName("a").get();
        await().atMost(Duration.ofSeconds(10)).until(() -> seen.get() >= 1);
      }
    }
    assertThat(tally.counts().byKind())
        .isEqualTo(
            Map.of(
                "CREATE nodes", 1L,
                "WATCH nodes", 1L,
                "GET nodes", 1L,
                "LIST nodes", 1L,
                "PATCH nodes", 1L));
  }

  @Test
  void keepsTheQueryThatMakesAWatch() {
    assertThat(RequestTally.pathAndQuery(URI.create("https://h:1/api/v1/nodes?watch=true&x=1")))
        .isEqualTo("/api/v1/nodes?watch=true&x=1");
    assertThat(RequestTally.pathAndQuery(URI.create("https://h:1/api/v1/nodes/a")))
        .isEqualTo("/api/v1/nodes/a");
  }
}
