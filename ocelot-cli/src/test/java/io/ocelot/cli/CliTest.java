package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI's exit codes and messages, run in-process on the shipped examples. */
class CliTest {
  private static final Path EXAMPLES = Path.of("..", "examples");

  record Run(int code, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    Run r = new Run(code, out.toString(), err.toString());
    // User errors never show a stack trace.
    assertThat(r.out() + r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    return r;
  }

  static String ex(String name) {
    return EXAMPLES.resolve(name).toString();
  }

  @Test
  void helpAndVersion() {
    Run help = run("--help");
    assertThat(help.code()).isZero();
    assertThat(help.out()).contains("validate", "render", "plan");
    Run version = run("--version");
    assertThat(version.code()).isZero();
    assertThat(version.out()).startsWith("ocelot 0.1.0-SNAPSHOT");
  }

  @Test
  void faultHelpKeepsItsTableInEightyColumns() {
    Run help = run("fault", "--help");
    assertThat(help.code()).isZero();
    // picocli wraps a description line longer than its 80 columns mid-row, which broke the table.
    assertThat(help.out().lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
    assertThat(help.out())
        .contains(
            "  fail-image-kubelet IMAGE\n"
                + "                        booted into IMAGE, a node's kubelet never reports Ready\n");
  }

  @Test
  void validateAcceptsTheShippedExamples() {
    Run r = run("validate", EXAMPLES.toString(), ex("layered"), ex("unreconcilable"));
    assertThat(r.code()).isZero();
    assertThat(r.out()).endsWith("7 objects checked: 7 valid, 0 invalid\n");
  }

  @Test
  void validateListsEveryProblemWithItsPathAndExitsOne() {
    Run r = run("validate", ex("invalid"));
    assertThat(r.code()).isEqualTo(1);
    String where = ex("invalid/99-broken.yaml") + ": MachineConfig \"99-broken\": ";
    assertThat(r.out())
        .contains(
            where
                + "spec.config.storage.files[0].path: \"/etc/../../x\" must be absolute and"
                + " normalized\n",
            where
                + "spec.config.storage.files[1].contents.source: remote source"
                + " \"https://example.com/remote.conf\" is not supported",
            where + "spec.config.storage.files[2].mode: invalid mode 01204 for /etc/motd",
            where + "spec.config.systemd.units[0].name: \"hello\" is not a valid unit name",
            where + "warning: spec.osImageURL: osImageURL",
            where + "spec.kernelType: kernelType=turbo is invalid\n",
            ex("invalid/91-unit-file-twice.yaml")
                + ": MachineConfig \"91-unit-file-twice\": spec.config.storage.files[0].path: path"
                + " conflicts with systemd unit or dropin\n")
        .endsWith("2 objects checked: 0 valid, 2 invalid\n");
  }

  @Test
  void unreadableInputExitsTwo(@TempDir Path dir) throws Exception {
    Run missing = run("validate", dir.resolve("nope.yaml").toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("nope.yaml: no such file");

    Path broken = Files.writeString(dir.resolve("broken.yaml"), "kind: [MachineConfig\n");
    Run malformed = run("validate", broken.toString());
    assertThat(malformed.code()).isEqualTo(2);
    assertThat(malformed.err()).contains("broken.yaml: malformed YAML: ").contains("line");

    Run usage = run("validate");
    assertThat(usage.code()).isEqualTo(2);
    assertThat(usage.err()).contains("Missing required parameter");
  }

  @Test
  void otherKindsAreReportedNotSilentlyPassed(@TempDir Path dir) throws Exception {
    Path pod =
        Files.writeString(
            dir.resolve("pod.yaml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n");
    Run r = run("validate", pod.toString());
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out())
        .contains(
            "Pod \"p\": kind: \"Pod\" is not checked by ocelot; expected MachineConfig,"
                + " MachineOSConfig or MachineConfiguration");
  }

  @Test
  void renderPrintsTheRenderedMachineConfig() throws Exception {
    Run r =
        run(
            "render",
            "--pool",
            "worker",
            ex("00-worker.yaml"),
            ex("50-chrony.yaml"),
            ex("60-kubelet-dropin.yaml"));
    assertThat(r.code()).isZero();
    JsonNode mc = Json.YAML.readTree(r.out());
    assertThat(mc.path("kind").asText()).isEqualTo("MachineConfig");
    assertThat(mc.path("metadata").path("name").asText()).matches("rendered-worker-[0-9a-f]{32}");
    assertThat(mc.path("spec").path("config").path("storage").path("files")).hasSize(2);
    assertThat(r.err()).contains("from 00-worker, 50-chrony, 60-kubelet-dropin");

    Run json = run("render", "--pool", "worker", "-o", "json", ex("00-worker.yaml"));
    assertThat(Json.MAPPER.readTree(json.out()).path("metadata").path("name").asText())
        .startsWith("rendered-worker-");
  }

  @Test
  void renderRefusesInvalidInputAndNeedsAPool() {
    Run invalid = run("render", "--pool", "worker", ex("invalid"));
    assertThat(invalid.code()).isEqualTo(1);
    Run noPool = run("render", ex("00-worker.yaml"));
    assertThat(noPool.code()).isEqualTo(2);
    assertThat(noPool.err()).contains("Missing required option: '--pool=<pool>'");
  }

  @Test
  void planShowsReconcilabilityDisruptionAndSteps() {
    Run r =
        run(
            "plan",
            "--current",
            ex("00-worker.yaml"),
            "--desired",
            ex("00-worker.yaml"),
            ex("50-chrony.yaml"),
            ex("70-core-ssh.yaml"));
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .contains(
            "Kind: classic config change\n",
            "Reconcilable: yes\n",
            "Disruption: reboot (by MCO's legacy rules)\n",
            "  - file /etc/chrony.conf: Reboot (changed files outside the rebootless list need a"
                + " reboot)\n",
            "   2. create file /etc/chrony.conf (0644 root:root, 112 bytes)\n",
            "        +pool 2.fedora.pool.ntp.org iburst\n",
            "   3. write SSH keys of core (1 key)\n",
            "request reboot: \"Node will reboot into config rendered-worker-");
  }

  @Test
  void planWithANodeDisruptionPolicyNamesTheActionAndThePolicyPath() throws Exception {
    String[] change = {
      "plan",
      "--current",
      ex("00-worker.yaml"),
      "--desired",
      ex("00-worker.yaml"),
      ex("50-chrony.yaml"),
      "--policy",
      ex("policy/cluster.yaml")
    };
    Run r = run(change);
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .contains(
            "Disruption: restart chronyd.service (by the cluster's node disruption policy)\n",
            "  - file /etc/chrony.conf: Restart chronyd.service (policy path /etc/chrony.conf)\n",
            "   1. create file /etc/chrony.conf (0644 root:root, 112 bytes)\n",
            "   2. restart chronyd.service\n",
            "   4. no reboot needed: finish the update in place\n")
        .doesNotContain("request drain");
    String[] asJson = java.util.Arrays.copyOf(change, change.length + 2);
    asJson[change.length] = "-o";
    asJson[change.length + 1] = "json";
    JsonNode d = Json.MAPPER.readTree(run(asJson).out()).path("disruption");
    assertThat(d.path("action").asText()).isEqualTo("SERVICES");
    assertThat(d.path("rules").asText()).isEqualTo("POLICY");
    assertThat(d.path("drain").asBoolean()).isFalse();
    assertThat(d.path("services").get(0).asText()).isEqualTo("restart chronyd.service");
    assertThat(d.path("reasons").get(0).path("why").asText())
        .isEqualTo("policy path /etc/chrony.conf");
  }

  @Test
  void aBadPolicyIsRefusedWithEveryFieldNamed(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(
        bad,
        "apiVersion: operator.openshift.io/v1\nkind: MachineConfiguration\n"
            + "metadata: {name: mine}\nspec:\n  nodeDisruptionPolicy:\n    files:\n"
            + "    - path: etc/chrony.conf\n      actions: [{type: Reboot}, {type: Restart}]\n"
            + "    units:\n    - name: chronyd\n      actions: [{type: Special}]\n");
    Run r =
        run(
            "plan",
            "--current",
            ex("00-worker.yaml"),
            "--desired",
            ex("50-chrony.yaml"),
            "--policy",
            bad.toString());
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out())
        .contains(
            "metadata.name: MachineConfiguration is a singleton: its name must be cluster",
            "spec.nodeDisruptionPolicy.files[0].path: path must be an absolute path",
            "spec.nodeDisruptionPolicy.files[0].actions[0].type: Reboot can only be specified"
                + " standalone",
            "spec.nodeDisruptionPolicy.files[0].actions[1].restart: restart is required when type"
                + " is Restart",
            "spec.nodeDisruptionPolicy.units[0].name: \"chronyd\" is not a unit name",
            "spec.nodeDisruptionPolicy.units[0].actions[0].type: \"Special\" is not one of");
    Run notAPolicy =
        run(
            "plan",
            "--current",
            ex("00-worker.yaml"),
            "--desired",
            ex("50-chrony.yaml"),
            "--policy",
            ex("50-chrony.yaml"));
    assertThat(notAPolicy.code()).isEqualTo(1);
    assertThat(notAPolicy.err()).contains("expected one MachineConfiguration, found 0");
  }

  @Test
  void planOfALayeredUpdateAsJson() throws Exception {
    String i1 = "registry.local/l@sha256:" + "1".repeat(64);
    String i2 = "registry.local/l@sha256:" + "2".repeat(64);
    Run r =
        run(
            "plan",
            "--current",
            ex("00-worker.yaml"),
            "--desired",
            ex("00-worker.yaml"),
            "--current-image",
            i1,
            "--desired-image",
            i2,
            "--booted",
            i2,
            "-o",
            "json");
    assertThat(r.code()).isZero();
    JsonNode plan = Json.MAPPER.readTree(r.out());
    assertThat(plan.path("kind").asText()).isEqualTo("OCL_UPDATE");
    assertThat(plan.path("diff").path("osUpdate").asBoolean()).isTrue();
    assertThat(plan.path("notes").get(0).asText())
        .isEqualTo("staging skipped: the node already booted " + i2);
    assertThat(plan.path("commit").path("image").asText()).isEqualTo(i2);
  }

  @Test
  void anUnreconcilablePlanExitsOneWithEveryReason() {
    Run r =
        run(
            "plan",
            "--current",
            ex("00-worker.yaml"),
            "--desired",
            ex("00-worker.yaml"),
            ex("unreconcilable/90-data-disk.yaml"));
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out())
        .contains(
            "Reconcilable: no",
            "  - ignition disks section contains changes\n",
            "Node reason: can't reconcile config 00-worker with rendered-worker-");
  }

  @Test
  void daemonRefusesAMissingHostRoot(@TempDir Path dir) {
    Run r = run("daemon", "--node", "worker-0", "--host-root", dir.resolve("nope").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("host root").contains("is not a directory");
  }

  @Test
  void planWithUnreadableOrMissingInputs(@TempDir Path dir) {
    Run missing =
        run(
            "plan",
            "--current",
            dir.resolve("a.yaml").toString(),
            "--desired",
            ex("00-worker.yaml"));
    assertThat(missing.code()).isEqualTo(2);
    Run noDesired = run("plan", "--current", ex("00-worker.yaml"));
    assertThat(noDesired.code()).isEqualTo(2);
    assertThat(noDesired.err()).contains("error: missing --desired FILE...");
    Run onlyMosc = run("plan", "--current", ex("layered"), "--desired", ex("00-worker.yaml"));
    assertThat(onlyMosc.code()).isEqualTo(1);
    assertThat(onlyMosc.err()).contains("--current: no MachineConfig in");
  }

  @Test
  void aNullSpecIsTheEmptySpec(@TempDir Path dir) throws Exception {
    // `spec: ~` crashed plan and host apply with a NullPointerException (issue 37).
    Path empty =
        Files.writeString(
            dir.resolve("null-spec.yaml"),
            "apiVersion: machineconfiguration.openshift.io/v1\nkind: MachineConfig\n"
                + "metadata: {name: 99-null}\nspec: ~\n");
    Run r = run("plan", "--current", empty.toString(), "--desired", ex("00-worker.yaml"));
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("Reconcilable: yes");
  }

  @Test
  void planStillTakesItsFirstOptionNamesWithoutShowingThem() {
    String i1 = "registry.example.com/l@sha256:" + "1".repeat(64);
    String i2 = "registry.example.com/l@sha256:" + "2".repeat(64);
    String a = ex("00-worker.yaml");
    String b = ex("50-chrony.yaml");
    Run old = run("plan", "--from", a, "--to", a, b, "--from-image", i1, "--to-image", i2);
    Run now =
        run(
            "plan",
            "--current",
            a,
            "--desired",
            a,
            b,
            "--current-image",
            i1,
            "--desired-image",
            i2);
    assertThat(old.code()).isZero();
    assertThat(old.out()).isEqualTo(now.out()).contains("sha256:2222");
    Run help = run("plan", "--help");
    assertThat(help.out()).contains("--current", "--desired-image").doesNotContain("--from");
  }

  @Test
  void simulatorCommandsRefuseBadUsageClearly() {
    Run scenario = run("demo", "nope");
    assertThat(scenario.code()).isEqualTo(2);
    assertThat(scenario.err())
        .contains("no scenario nope; scenarios: reboot-failure, rollout, revert");
    Run negative = run("demo", "--reboot-seconds", "-1");
    assertThat(negative.code()).isEqualTo(2);
    assertThat(negative.err()).contains("cannot be negative");
    Run fault = run("fault", "melt", "worker-1");
    assertThat(fault.code()).isEqualTo(2);
    assertThat(fault.err()).contains("no fault melt").contains("break-reboot NODE");
    Run args = run("fault", "fail-pull", "worker-1");
    assertThat(args.code()).isEqualTo(2);
    assertThat(args.err()).contains("usage: ocelot fault fail-pull NODE IMAGE");
    Run max = run("bench", "--max-unavailable", "lots");
    assertThat(max.code()).isEqualTo(2);
    assertThat(max.err()).contains("\"maxUnavailable\" invalid value");
    Run pulls = run("bench", "--pull-seconds", "-1");
    assertThat(pulls.code()).isEqualTo(2);
    assertThat(pulls.err()).contains("--pull-seconds cannot be negative");
    Run concurrent = run("bench", "--pull-seconds", "5", "--concurrent-pulls", "lots");
    assertThat(concurrent.code()).isEqualTo(2);
    assertThat(concurrent.err()).contains("--concurrent-pulls: invalid value for IntOrString");
    Run speed = run("demo", "--pull-speed", "0");
    assertThat(speed.code()).isEqualTo(2);
    assertThat(speed.err()).contains("a pull's speed must be at least 1 MiB/s, got 0");
    for (String command : java.util.List.of("console", "controller")) {
      Run noConfig = run(command, "--kubeconfig", "/nonexistent/kubeconfig");
      assertThat(noConfig.code()).as(command).isEqualTo(2);
      assertThat(noConfig.err())
          .contains("--kubeconfig /nonexistent/kubeconfig: no such readable file");
    }
    Run empty = run("sim", "--workers", "0", "--masters", "0");
    assertThat(empty.code()).isEqualTo(2);
    assertThat(empty.err()).contains("a cluster needs at least one node");
    Run ostreeAlone = run("sim", "--ostree");
    assertThat(ostreeAlone.code()).isEqualTo(2);
    assertThat(ostreeAlone.err())
        .contains("--ostree needs --machines: only machine nodes boot from ostree deployments");
    Run demoOstree = run("demo", "reboot-failure", "--ostree");
    assertThat(demoOstree.code()).isEqualTo(2);
    assertThat(demoOstree.err()).contains("--ostree needs --machines");
  }
}
