package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real {@code kubectl} against the embedded API server, as a person would use it. */
class KubectlTest {
  @TempDir Path dir;
  EmbeddedApiServer server;
  Path kubeconfig;

  record Run(int exit, String out) {}

  @BeforeEach
  void start() throws IOException {
    server = EmbeddedApiServer.start().installCrds();
    kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(kubeconfig, server.kubeconfig(), StandardCharsets.UTF_8);
    server
        .client()
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName("worker-0").endMetadata().build())
        .create();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  Run kubectl(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("kubectl", "--kubeconfig", kubeconfig.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("kubectl %s finished", List.of(args)).isTrue();
    return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes()));
  }

  @Test
  void shortNamesResolveThroughDiscovery() throws Exception {
    Path pool = dir.resolve("pool.yaml");
    Files.writeString(
        pool,
        "apiVersion: machineconfiguration.openshift.io/v1\n"
            + "kind: MachineConfigPool\n"
            + "metadata: {name: layered}\n"
            + "spec:\n"
            + "  nodeSelector: {matchLabels: {node-role.kubernetes.io/layered: ''}}\n");
    assertThat(kubectl("create", "-f", pool.toString()).out())
        .contains("machineconfigpool.machineconfiguration.openshift.io/layered created");
    assertThat(kubectl("get", "mcp").out()).contains("layered").contains("UPDATED", "DEGRADED");
    assertThat(kubectl("get", "mc").exit()).isZero();
    assertThat(kubectl("get", "mosc").exit()).isZero();
    assertThat(kubectl("get", "mosb").exit()).isZero();
    assertThat(
            kubectl("patch", "mcp", "layered", "--type=merge", "-p", "{\"spec\":{\"paused\":true}}")
                .exit())
        .isZero();
    assertThat(kubectl("get", "mcp", "layered", "-o", "yaml").out()).contains("paused: true");
    assertThat(kubectl("delete", "mcp", "layered").exit()).isZero();
    assertThat(kubectl("get", "mcp").out()).doesNotContain("layered");
  }

  @Test
  void describeShowsTheNodesEventsFromAnyNamespace() throws Exception {
    var node = server.client().nodes().withName("worker-0").get();
    server
        .client()
        .v1()
        .events()
        .inNamespace("openshift-machine-config-operator")
        .resource(
            new io.fabric8.kubernetes.api.model.EventBuilder()
                .withNewMetadata()
                .withName("worker-0.1")
                .endMetadata()
                .withNewInvolvedObject()
                .withKind("Node")
                .withName("worker-0")
                .withUid(node.getMetadata().getUid())
                .endInvolvedObject()
                .withType("Warning")
                .withReason("UpdateFailed")
                .withMessage("reboot command failed")
                .build())
        .create();
    assertThat(kubectl("describe", "node", "worker-0").out())
        .contains("UpdateFailed")
        .contains("reboot command failed");
  }

  @Test
  void labelAnnotateAndDescribeANode() throws Exception {
    assertThat(kubectl("label", "node", "worker-0", "node-role.kubernetes.io/layered=").exit())
        .isZero();
    assertThat(kubectl("annotate", "node", "worker-0", "example.com/note=hello").exit()).isZero();
    String described = kubectl("describe", "node", "worker-0").out();
    assertThat(described)
        .contains("Name:               worker-0")
        .contains("node-role.kubernetes.io/layered=")
        .contains("example.com/note: hello");
    // Server-side tables: the columns a real API server prints.
    assertThat(kubectl("get", "nodes").out())
        .contains("NAME", "STATUS", "ROLES", "AGE", "VERSION")
        .containsPattern("worker-0\\s+Unknown\\s+layered");
  }

  @Test
  void unknownKindsAreReportedAsSuch() throws Exception {
    Run r = kubectl("get", "frobnicators");
    assertThat(r.exit()).isNotZero();
    assertThat(r.out()).contains("doesn't have a resource type \"frobnicators\"");
  }
}
