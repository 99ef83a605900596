package io.ocelot.sim.bench;

import io.fabric8.kubernetes.client.Config;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;

/**
 * A daemon's credentials laid out as its pod has them: a service-account token file and the
 * cluster's CA file, the API server in {@code KUBERNETES_SERVICE_HOST}/{@code _PORT}. fabric8 finds
 * them through the variables it reads in place of the pod's fixed paths, so the daemon configures
 * its client in-cluster, as on a node, and reads no kubeconfig.
 */
record PodCredentials(Map<String, String> environment) {

  /** Writes the token and CA of {@code kubeconfig} (a token kubeconfig) under {@code dir}. */
  static PodCredentials write(String kubeconfig, Path dir) throws IOException {
    Config config = Config.fromKubeconfig(kubeconfig);
    Files.createDirectories(dir);
    String bearer =
        config.getOauthToken() != null ? config.getOauthToken() : config.getAutoOAuthToken();
    if (bearer == null || config.getCaCertData() == null) {
      throw new IOException("the daemon's kubeconfig has no token or no CA data");
    }
    Path token = Files.writeString(dir.resolve("token"), bearer);
    Path ca =
        Files.write(dir.resolve("ca.crt"), Base64.getDecoder().decode(config.getCaCertData()));
    URI server = URI.create(config.getMasterUrl());
    return new PodCredentials(
        Map.of(
            "KUBERNETES_SERVICE_HOST", server.getHost(),
            "KUBERNETES_SERVICE_PORT", Integer.toString(server.getPort()),
            "KUBERNETES_AUTH_SERVICEACCOUNT_TOKEN", token.toString(),
            "KUBERNETES_CERTS_CA_FILE", ca.toString(),
            // No ~/.kube/config of whoever runs the benchmark.
            "KUBERNETES_AUTH_TRYKUBECONFIG", "false"));
  }
}
