package io.ocelot.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --kubeconfig} for the commands that talk to a cluster. */
final class KubeconfigOption {
  @Option(
      names = "--kubeconfig",
      description = "Kubeconfig file (default: in-cluster or ~/.kube/config).")
  Path kubeconfig;

  KubernetesClient connect() throws IOException {
    return Clusters.connect(kubeconfig);
  }
}
