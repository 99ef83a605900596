package io.ocelot.cli;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** What the long-running commands share: how they reach the cluster and where they serve. */
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

  /**
   * {@code host:port} (port 0 picks a free one), or empty when it is not that or the host is
   * unknown.
   */
  static Optional<InetSocketAddress> address(String hostPort) {
    int colon = hostPort.lastIndexOf(':');
    if (colon <= 0) {
      return Optional.empty();
    }
    try {
      int port = Integer.parseInt(hostPort.substring(colon + 1));
      if (port < 0 || port > 65535) {
        return Optional.empty();
      }
      // Resolved: a server cannot bind an unresolved address ("Unresolved address").
      InetSocketAddress a = new InetSocketAddress(hostPort.substring(0, colon), port);
      return a.isUnresolved() ? Optional.empty() : Optional.of(a);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
