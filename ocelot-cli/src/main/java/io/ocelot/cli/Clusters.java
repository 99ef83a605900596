package io.ocelot.cli;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** How the commands that talk to a cluster reach it. */
final class Clusters {
  private Clusters() {}

  /** A client from {@code kubeconfig}, or in-cluster / {@code ~/.kube/config} when null. */
  static KubernetesClient connect(Path kubeconfig) throws IOException {
    if (kubeconfig == null) {
      return new KubernetesClientBuilder().build();
    }
    return new KubernetesClientBuilder()
        .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
        .build();
  }
}
