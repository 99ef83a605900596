package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A machine's daemon pod gets deploy/'s DaemonSet container as a kubelet would give it. */
class PodFilesTest {
  @TempDir Path dir;

  final PodCredentials credentials =
      new PodCredentials("127.0.0.1", 6443, "tok.en", "-----BEGIN CERTIFICATE-----\n");

  @Test
  void theDaemonSetsArgumentsWithTheNodeAndTheMachinesOwnMetricsPort() throws Exception {
    DeployedJvm daemonSet = DeployedJvm.of(DeployedJvm.DAEMON);

    assertThat(PodFiles.args(daemonSet.args(), "worker-0", 41000))
        .containsExactly(
            "--node=worker-0", "--host-root=/rootfs", "--metrics-address=127.0.0.1:41000");
  }

  @Test
  void theEnvironmentFileQuotesEveryValue() {
    DeployedJvm pod =
        new DeployedJvm(
            List.of("--node=$(NODE_NAME)"),
            List.of("-Xmx48m", "-XX:+UseSerialGC"),
            Map.of("MALLOC_ARENA_MAX", "2"));

    String env = PodFiles.env(pod, "worker-1", 41001, Path.of("/usr/lib/jvm/jdk"), credentials);

    assertThat(env.lines())
        .contains(
            "NODE_NAME=\"worker-1\"",
            "DAEMON_ARGS=\"--node=worker-1\"",
            "MALLOC_ARENA_MAX=\"2\"",
            "JAVA_TOOL_OPTIONS=\"-Xmx48m -XX:+UseSerialGC\"",
            "KUBERNETES_SERVICE_HOST=\"127.0.0.1\"",
            "KUBERNETES_SERVICE_PORT=\"6443\"",
            "PATH=\"/usr/lib/jvm/jdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\"");
  }

  @Test
  void theServiceAccountAsTheKubeletProjectsIt() throws Exception {
    new PodFiles(dir)
        .write(
            DeployedJvm.of(DeployedJvm.DAEMON),
            "worker-0",
            "openshift-machine-config-operator",
            41000,
            Path.of("/usr/lib/jvm/jdk"),
            credentials);

    assertThat(dir.resolve("serviceaccount/token")).hasContent("tok.en");
    assertThat(dir.resolve("serviceaccount/namespace"))
        .hasContent("openshift-machine-config-operator");
    assertThat(Files.readString(dir.resolve("serviceaccount/ca.crt")))
        .startsWith("-----BEGIN CERTIFICATE-----");
    assertThat(Files.readString(dir.resolve("env"))).contains("NODE_NAME=\"worker-0\"");
  }
}
