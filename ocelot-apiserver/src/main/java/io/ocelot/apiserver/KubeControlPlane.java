package io.ocelot.apiserver;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The real Kubernetes control plane — etcd, kube-apiserver and the kube-controller-manager
 * controllers Ocelot relies on — as one child process on loopback, its data in a state dir. It
 * authenticates (TLS client certificates for the admin, ServiceAccount tokens for workloads) and
 * authorizes with RBAC, as a cluster does.
 */
public final class KubeControlPlane implements ControlPlane {
  private final Path binary;
  private final Path stateDir;
  private ControlPlaneProcess process;
  private Config admin;
  private final KubernetesClient client;

  private KubeControlPlane(Path binary, Path stateDir, ControlPlaneProcess process)
      throws ControlPlaneException {
    this.binary = binary;
    this.stateDir = stateDir;
    this.process = process;
    this.admin = readAdmin(process);
    this.client = newAdminClient();
  }

  /**
   * Starts the program on {@code port} (0: a free one) with its data in {@code stateDir} and waits
   * until it serves.
   */
  public static KubeControlPlane start(Path binary, Path stateDir, int port)
      throws ControlPlaneException {
    Path dir = stateDir.toAbsolutePath();
    return new KubeControlPlane(binary, dir, ControlPlaneProcess.start(binary, dir, port));
  }

  private static Config readAdmin(ControlPlaneProcess p) throws ControlPlaneException {
    try {
      Config c = Config.fromKubeconfig(Files.readString(p.kubeconfig(), StandardCharsets.UTF_8));
      c.setRequestTimeout(30_000);
      c.setConnectionTimeout(5_000);
      c.setNamespace("default");
      return c;
    } catch (IOException | RuntimeException e) {
      throw new ControlPlaneException(
          "cannot read the control plane's kubeconfig " + p.kubeconfig() + ": " + e.getMessage(),
          e);
    }
  }

  @Override
  public String kind() {
    return "kube";
  }

  @Override
  public String url() {
    return process.url();
  }

  public int port() {
    return process.port();
  }

  @Override
  public java.util.OptionalLong processId() {
    return java.util.OptionalLong.of(process.pid());
  }

  @Override
  public String kubeconfig() {
    try {
      return Files.readString(process.kubeconfig(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public boolean authenticates() {
    return true;
  }

  @Override
  public KubernetesClient newAdminClient() {
    return new KubernetesClientBuilder().withConfig(new ConfigBuilder(admin).build()).build();
  }

  @Override
  public KubernetesClient newTokenClient(
      String bearerToken,
      java.util.Optional<RequestTally> tally,
      java.util.Optional<ClientSharing.Member> shared) {
    Config c =
        new ConfigBuilder(Config.empty())
            .withMasterUrl(admin.getMasterUrl())
            .withCaCertData(admin.getCaCertData())
            .withOauthToken(bearerToken)
            .withNamespace("default")
            .withRequestTimeout(admin.getRequestTimeout())
            .withConnectionTimeout(admin.getConnectionTimeout())
            // fabric8 watches over a WebSocket by default: a connection of its own (HTTP/1.1),
            // which a shared connection cannot carry. A plain HTTP watch is one more stream.
            .withOnlyHttpWatches(shared.isPresent())
            .build();
    KubernetesClientBuilder builder = new KubernetesClientBuilder().withConfig(c);
    return RequestTally.install(shared.map(m -> m.applyTo(builder)).orElse(builder), tally).build();
  }

  @Override
  public KubeControlPlane installCrds() {
    for (CustomResourceDefinition crd : OcelotCrds.load(client)) {
      client
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .resource(crd)
          .fieldManager(FIELD_MANAGER)
          .forceConflicts()
          .serverSideApply();
      client
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .withName(crd.getMetadata().getName())
          .waitUntilCondition(KubeControlPlane::established, 60, TimeUnit.SECONDS);
    }
    return this;
  }

  private static boolean established(CustomResourceDefinition crd) {
    return crd != null
        && crd.getStatus() != null
        && crd.getStatus().getConditions() != null
        && crd.getStatus().getConditions().stream()
            .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  @Override
  public RequestCounts requests() {
    return ApiServerMetrics.parse(client.raw("/metrics"));
  }

  /**
   * Stops the program ({@code kill}: SIGKILL, as a crash; else SIGTERM) and starts it again on the
   * same port and data: what etcd holds survives, watches break and clients must resume.
   */
  public synchronized void restart(boolean kill) throws ControlPlaneException {
    int port = process.port();
    if (kill) {
      process.kill();
    } else {
      process.stop();
    }
    process = ControlPlaneProcess.start(binary, stateDir, port);
    admin = readAdmin(process);
  }

  @Override
  public synchronized void close() {
    client.close();
    process.stop();
  }
}
