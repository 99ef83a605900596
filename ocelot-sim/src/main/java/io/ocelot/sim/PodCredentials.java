package io.ocelot.sim;

import io.fabric8.kubernetes.client.Config;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;

/**
 * A daemon's credentials as its pod has them: a ServiceAccount token, the cluster's CA and the API
 * server in {@code KUBERNETES_SERVICE_HOST}/{@code _PORT}, so that the daemon configures its client
 * in-cluster, as on a node, and reads no kubeconfig.
 */
public record PodCredentials(String host, int port, String token, String caPem) {

  /** The server, token and CA of {@code kubeconfig} (a token kubeconfig). */
  public static PodCredentials of(String kubeconfig) throws IOException {
    Config config = Config.fromKubeconfig(kubeconfig);
    String bearer =
        config.getOauthToken() != null ? config.getOauthToken() : config.getAutoOAuthToken();
    if (bearer == null || config.getCaCertData() == null) {
      throw new IOException("the daemon's kubeconfig has no token or no CA data");
    }
    URI server = URI.create(config.getMasterUrl());
    return new PodCredentials(
        server.getHost(),
        server.getPort(),
        bearer,
        new String(Base64.getDecoder().decode(config.getCaCertData()), StandardCharsets.UTF_8));
  }

  /** The variables that point a pod's client at the API server. */
  public Map<String, String> service() {
    return Map.of(
        "KUBERNETES_SERVICE_HOST", host, "KUBERNETES_SERVICE_PORT", Integer.toString(port));
  }

  /**
   * Writes {@code token}, {@code ca.crt} and {@code namespace} into {@code dir}, as the kubelet
   * projects them at {@code /var/run/secrets/kubernetes.io/serviceaccount}.
   */
  public void writeServiceAccount(Path dir, String namespace) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("token"), token);
    Files.writeString(dir.resolve("ca.crt"), caPem);
    Files.writeString(dir.resolve("namespace"), namespace);
  }

  /**
   * The token and CA written under {@code dir} for a daemon run on this computer: fabric8 finds
   * them through the variables it reads in place of the pod's fixed paths.
   */
  public Map<String, String> writeForLocalProcess(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path tokenFile = Files.writeString(dir.resolve("token"), token);
    Path ca = Files.writeString(dir.resolve("ca.crt"), caPem);
    return Map.of(
        "KUBERNETES_SERVICE_HOST", host,
        "KUBERNETES_SERVICE_PORT", Integer.toString(port),
        "KUBERNETES_AUTH_SERVICEACCOUNT_TOKEN", tokenFile.toString(),
        "KUBERNETES_CERTS_CA_FILE", ca.toString(),
        // No ~/.kube/config of whoever runs the benchmark.
        "KUBERNETES_AUTH_TRYKUBECONFIG", "false");
  }
}
