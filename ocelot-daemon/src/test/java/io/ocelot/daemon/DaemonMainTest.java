package io.ocelot.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import org.junit.jupiter.api.Test;

class DaemonMainTest {
  @Test
  void learningTheKindsResolvesANodeByItsKindAsAWatchEventWould() {
    Config config = new ConfigBuilder(Config.empty()).withMasterUrl("https://127.0.0.1:1").build();
    try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build()) {
      // Read as a watch event's object is read: by apiVersion and kind, through fabric8's registry.
      assertThat(DaemonMain.learnKinds(client)).isInstanceOf(Node.class);
    }
  }
}
