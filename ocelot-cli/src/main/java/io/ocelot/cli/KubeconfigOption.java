package io.ocelot.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --kubeconfig} for the commands that talk to a cluster (see {@link KubeconfigSource}). */
final class KubeconfigOption {
  @Option(
      names = "--kubeconfig",
      description =
          "Kubeconfig file (default: $KUBECONFIG, in a pod its service account, a running sim's"
              + " .ocelot/kubeconfig, ~/.kube/config).")
  Path kubeconfig;

  private KubeconfigSource.Result found;

  /**
   * False, having said why on {@code err}, when no cluster can be found or the file is unreadable.
   */
  boolean valid(java.io.PrintWriter err) {
    if (kubeconfig != null && !Files.isReadable(kubeconfig)) {
      err.println("error: --kubeconfig " + kubeconfig + ": no such readable file");
      return false;
    }
    found = find();
    if (found instanceof KubeconfigSource.NotFound n) {
      err.println("error: " + n.message());
      return false;
    }
    return true;
  }

  KubernetesClient connect() throws IOException {
    KubeconfigSource.Result r = found == null ? find() : found;
    if (r instanceof KubeconfigSource.Found f) {
      return Clusters.connect(f.file());
    }
    if (r instanceof KubeconfigSource.NotFound n) {
      throw new IOException(n.message());
    }
    return Clusters.connect(null);
  }

  private KubeconfigSource.Result find() {
    return KubeconfigSource.find(
        Optional.ofNullable(kubeconfig),
        System.getenv(),
        Path.of("").toAbsolutePath(),
        Files::isReadable);
  }
}
