package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the embedded API server adds to the plain store: evictions that honour budgets, field
 * selectors.
 */
class EmbeddedApiServerTest {
  final EmbeddedApiServer server = EmbeddedApiServer.start();
  // No client-side retries: fabric8 retries a 429 with backoff (about 40 s in all) by default.
  final KubernetesClient client =
      new KubernetesClientBuilder()
          .withConfig(
              new ConfigBuilder(server.client().getConfiguration())
                  .withRequestRetryBackoffLimit(0)
                  .build())
          .build();

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  Pod pod(String name, boolean ready) {
    return client
        .pods()
        .inNamespace("apps")
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace("apps")
                .addToLabels("app", "web")
                .endMetadata()
                .withNewSpec()
                .withNodeName("worker-0")
                .endSpec()
                .withNewStatus()
                .addNewCondition()
                .withType("Ready")
                .withStatus(ready ? "True" : "False")
                .endCondition()
                .endStatus()
                .build())
        .create();
  }

  PodDisruptionBudget budget(IntOrString minAvailable) {
    return client
        .policy()
        .v1()
        .podDisruptionBudget()
        .inNamespace("apps")
        .resource(
            new PodDisruptionBudgetBuilder()
                .withNewMetadata()
                .withName("web-pdb")
                .withNamespace("apps")
                .endMetadata()
                .withNewSpec()
                .withMinAvailable(minAvailable)
                .withNewSelector()
                .addToMatchLabels("app", "web")
                .endSelector()
                .endSpec()
                .build())
        .create();
  }

  boolean evict(String name) {
    return client.pods().inNamespace("apps").withName(name).evict();
  }

  boolean exists(String name) {
    return client.pods().inNamespace("apps").withName(name).get() != null;
  }

  @Test
  void withoutABudgetThePodIsEvicted() {
    pod("web-0", true);
    assertThat(evict("web-0")).isTrue();
    assertThat(exists("web-0")).isFalse();
  }

  @Test
  void aBudgetWithNothingToSpareRefusesUntilItAllowsOne() {
    pod("web-0", true);
    pod("web-1", true);
    budget(new IntOrString(2));
    assertThat(evict("web-0")).isFalse();
    assertThat(exists("web-0")).isTrue();

    client
        .policy()
        .v1()
        .podDisruptionBudget()
        .inNamespace("apps")
        .withName("web-pdb")
        .edit(
            b -> {
              b.getSpec().setMinAvailable(new IntOrString("50%"));
              return b;
            });
    assertThat(evict("web-0")).isTrue();
    // One of two left, 50% rounds up to one: the last pod is protected.
    assertThat(evict("web-1")).isFalse();
    assertThat(exists("web-1")).isTrue();
  }

  @Test
  void aPodThatIsNotReadyCostsNoAvailability() {
    pod("web-0", false);
    budget(new IntOrString(1));
    assertThat(evict("web-0")).isTrue();
  }

  @Test
  void podsAreListedByNodeThroughAFieldSelector() {
    pod("web-0", true);
    client
        .pods()
        .inNamespace("apps")
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName("elsewhere")
                .withNamespace("apps")
                .endMetadata()
                .withNewSpec()
                .withNodeName("worker-1")
                .endSpec()
                .build())
        .create();
    assertThat(
            client.pods().inAnyNamespace().withField("spec.nodeName", "worker-0").list().getItems())
        .extracting(p -> p.getMetadata().getName())
        .containsExactly("web-0");
    assertThat(
            client
                .pods()
                .inNamespace("apps")
                .withoutField("spec.nodeName", "worker-0")
                .list()
                .getItems())
        .extracting(p -> p.getMetadata().getName())
        .containsExactly("elsewhere");
  }

  @Test
  void aWatchByNameSeesOnlyThatObject() throws Exception {
    for (String n : List.of("a", "b")) {
      client
          .nodes()
          .resource(new NodeBuilder().withNewMetadata().withName(n).endMetadata().build())
          .create();
    }
    List<String> seen = new CopyOnWriteArrayList<>();
    Watch w =
        client
            .nodes()
            .withName("a")
            .watch(
                new Watcher<Node>() {
                  @Override
                  public void eventReceived(Action action, Node n) {
                    seen.add(action + ":" + n.getMetadata().getName());
                  }

                  @Override
                  public void onClose(WatcherException e) {}
                });
    try {
      client
          .nodes()
          .withName("b")
          .edit(n -> new NodeBuilder(n).editMetadata().addToLabels("x", "1").endMetadata().build());
      client
          .nodes()
          .withName("a")
          .edit(n -> new NodeBuilder(n).editMetadata().addToLabels("x", "1").endMetadata().build());
      org.awaitility.Awaitility.await()
          .atMost(java.time.Duration.ofSeconds(5))
          .until(() -> seen.contains("MODIFIED:a"));
      assertThat(seen).allMatch(e -> e.endsWith(":a"));
    } finally {
      w.close();
    }
  }
}
