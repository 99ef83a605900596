package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kubectl as an admin uses it on the sim's real control plane: apply (client-side twice, then
 * server-side), diff and server dry-run (which save nothing), get -w while a rollout runs, wait,
 * patch (merge and JSON), edit, cordon / drain / uncordon with a PodDisruptionBudget blocking and
 * then releasing.
 */
class KubectlAdminIT {
  static final String FILES = "jsonpath={.spec.config.storage.files[*].contents.source}";
  @TempDir static Path dir;
  static SimCluster sim;
  static Kubectl kubectl;

  @BeforeAll
  static void start() throws Exception {
    sim = SmallSims.startKube(dir);
    kubectl = new Kubectl(sim.state().kubeconfig());
  }

  @AfterAll
  static void stop() {
    sim.close();
  }

  static Path machineConfig(String name, String text) throws Exception {
    Path f = dir.resolve(name + ".yaml");
    Files.writeString(f, SmallSims.workerFileYaml(name, "/etc/motd", text));
    return f;
  }

  static void awaitUpdated() throws Exception {
    kubectl.ok("wait", "--for=condition=Updating=False", "mcp/worker", "--timeout=180s");
    kubectl.ok("wait", "--for=condition=Updated", "mcp/worker", "--timeout=180s");
  }

  @Test
  void applyDiffWatchWaitPatchAndEditAsAnAdminDoes() throws Exception {
    Process watch = kubectl.start("get", "mcp", "worker", "-w", "--output-watch-events");
    List<String> lines = new CopyOnWriteArrayList<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r = watch.inputReader(StandardCharsets.UTF_8)) {
                for (String l; (l = r.readLine()) != null; ) {
                  lines.add(l);
                }
              } catch (java.io.IOException e) {
                // The process was stopped.
              }
            });
    reader.start();
    try {
      assertThat(kubectl.ok("apply", "-f", machineConfig("99-motd", "hello").toString()))
          .contains("machineconfig.machineconfiguration.openshift.io/99-motd created");
      kubectl.ok("wait", "--for=condition=Updating", "mcp/worker", "--timeout=60s");
      awaitUpdated();
      // The watch saw the rollout as it went: the pool's changes arrived as lines.
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> lines.stream().filter(l -> l.startsWith("MODIFIED")).count() >= 2);
      assertThat(lines.get(0)).startsWith("EVENT");
    } finally {
      watch.destroy();
    }

    // A changed file applied again replaces the entry (the list is not appended to).
    assertThat(kubectl.ok("apply", "-f", machineConfig("99-motd", "hello-again").toString()))
        .contains("99-motd configured");
    assertThat(kubectl.ok("get", "mc", "99-motd", "-o", FILES)).isEqualTo("data:,hello-again");
    kubectl.ok("wait", "--for=condition=Updating", "mcp/worker", "--timeout=60s");
    awaitUpdated();
    assertThat(kubectl.condition("mcp", "worker", "RenderDegraded", "status")).isEqualTo("False");
    assertThat(
            kubectl.ok(
                "apply",
                "--server-side",
                "--force-conflicts",
                "-f",
                machineConfig("99-motd", "hello-again").toString()))
        .contains("99-motd serverside-applied");

    // diff and a server dry run show the change and save nothing.
    Path unsaved = machineConfig("99-motd", "not-saved");
    Kubectl.Result diff = kubectl.run("diff", "-f", unsaved.toString());
    assertThat(diff.code()).as(diff.out()).isEqualTo(1);
    assertThat(diff.out()).contains("+          source: data:,not-saved");
    assertThat(kubectl.ok("apply", "--dry-run=server", "-f", unsaved.toString()))
        .contains("(server dry run)");
    assertThat(kubectl.ok("get", "mc", "99-motd", "-o", FILES)).isEqualTo("data:,hello-again");

    // patch: JSON and merge (a null deletes the key); edit through an editor.
    kubectl.ok(
        "patch",
        "mc",
        "99-motd",
        "--type=json",
        "-p",
        "[{\"op\":\"add\",\"path\":\"/metadata/labels/owner\",\"value\":\"alice\"}]");
    assertThat(kubectl.ok("get", "mc", "99-motd", "-o", "jsonpath={.metadata.labels.owner}"))
        .isEqualTo("alice");
    assertThat(
            kubectl
                .runWith(Map.of("KUBE_EDITOR", "sed -i s/alice/bob/"), "edit", "mc", "99-motd")
                .out())
        .contains("99-motd edited");
    assertThat(kubectl.ok("get", "mc", "99-motd", "-o", "jsonpath={.metadata.labels.owner}"))
        .isEqualTo("bob");
    kubectl.ok(
        "patch",
        "mc",
        "99-motd",
        "--type=merge",
        "-p",
        "{\"metadata\":{\"labels\":{\"owner\":null}}}");
    assertThat(kubectl.ok("get", "mc", "99-motd", "-o", "jsonpath={.metadata.labels}"))
        .doesNotContain("owner");
  }

  @Test
  void drainHonoursAPodDisruptionBudgetThenUncordon() throws Exception {
    Path apps = dir.resolve("apps.yaml");
    Files.writeString(
        apps,
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: apps}
        ---
        apiVersion: v1
        kind: Pod
        # A bare pod (no controller): drain needs --force for it, as on any cluster.
        metadata: {name: web, namespace: apps, labels: {app: web}}
        spec:
          nodeName: worker-2
          containers: [{name: web, image: registry.k8s.io/pause:3.10}]
        ---
        apiVersion: policy/v1
        kind: PodDisruptionBudget
        metadata: {name: web, namespace: apps}
        spec:
          minAvailable: 1
          selector: {matchLabels: {app: web}}
        """);
    kubectl.ok("apply", "-f", apps.toString());
    kubectl.ok("wait", "--for=condition=Ready", "pod/web", "-n", "apps", "--timeout=60s");
    kubectl.ok(
        "wait",
        "--for=jsonpath={.status.currentHealthy}=1",
        "pdb/web",
        "-n",
        "apps",
        "--timeout=60s");

    Kubectl.Result blocked =
        kubectl.run("drain", "worker-2", "--ignore-daemonsets", "--force", "--timeout=5s");
    assertThat(blocked.code()).as(blocked.out()).isNotZero();
    assertThat(blocked.out())
        .contains("node/worker-2 cordoned")
        .contains("Cannot evict pod as it would violate the pod's disruption budget");
    assertThat(kubectl.ok("get", "node", "worker-2", "-o", "jsonpath={.spec.unschedulable}"))
        .isEqualTo("true");

    kubectl.ok("delete", "pdb", "web", "-n", "apps");
    assertThat(kubectl.ok("drain", "worker-2", "--ignore-daemonsets", "--force", "--timeout=60s"))
        .contains("evicting pod apps/web")
        .contains("node/worker-2 drained");
    assertThat(kubectl.run("get", "pod", "web", "-n", "apps").out()).contains("NotFound");
    // The daemon's own pod stays: it belongs to the DaemonSet.
    assertThat(
            kubectl.ok(
                "get", "pod", "ocelot-daemon-worker-2", "-n", "openshift-machine-config-operator"))
        .contains("Running");

    assertThat(kubectl.ok("uncordon", "worker-2")).contains("node/worker-2 uncordoned");
    assertThat(kubectl.ok("get", "node", "worker-2", "-o", "jsonpath={.spec.unschedulable}"))
        .isEmpty();
    assertThat(kubectl.ok("cordon", "worker-1")).contains("node/worker-1 cordoned");
    assertThat(kubectl.ok("uncordon", "worker-1")).contains("node/worker-1 uncordoned");
  }
}
