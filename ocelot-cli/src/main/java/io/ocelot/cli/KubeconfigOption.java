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

  /** False, having said why on {@code err}, when --kubeconfig names no readable file. */
  boolean valid(java.io.PrintWriter err) {
    if (kubeconfig != null && !java.nio.file.Files.isReadable(kubeconfig)) {
      err.println("error: --kubeconfig " + kubeconfig + ": no such readable file");
      return false;
    }
    return true;
  }

  KubernetesClient connect() throws IOException {
    return Clusters.connect(kubeconfig);
  }
}
