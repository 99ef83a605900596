package io.ocelot.daemon.node;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/** Creates bare nodes in the embedded API server. */
final class TestNodes {
  private TestNodes() {}

  /** A view that is never live (no informer): every read of a writer using it is a GET. */
  static NodeCache noView() {
    return new NodeCache(Clock.systemUTC(), Duration.ZERO);
  }

  static Node create(KubernetesClient client, String name, Map<String, String> annotations) {
    return client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName(name)
                .withAnnotations(annotations)
                .endMetadata()
                .build())
        .create();
  }
}
