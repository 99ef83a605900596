package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.fakehost.FakeHost;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Host behaviour proven on a real booted systemd machine, booted from an ostree deployment (the
 * machines' default), its daemon as deployed: an update of files, units, SSH key and password
 * rolled back byte for byte when the reboot command fails, then applied; drift on a real file. One
 * machine for the class; every test leaves it Done on the base.
 */
class MachineScenariosIT {
  static final String NODE = "worker-0";
  static final Duration LONG = Duration.ofMinutes(4);

  @TempDir static Path dir;
  static SimCluster sim;
  static MachineNode node;
  static String base;

  @BeforeAll
  static void start() throws Exception {
    sim = SmallSims.oneMachine(dir);
    node = (MachineNode) sim.node(NODE);
    base = rendered();
  }

  @AfterAll
  static void stop() throws Exception {
    SmallSims.stopMachines(sim, dir);
  }

  @AfterEach
  void backToBase() throws IOException {
    releaseHolds();
    sim.client().resources(MachineConfig.class).withLabel("ocelot-test").delete();
    if (node.host().isBroken("systemd-run")) {
      node.host().fixTool("systemd-run");
    }
    awaitDone(base);
  }

  static String rendered() {
    return SmallSims.rendered(sim, "worker");
  }

  static Map<String, String> annotations() {
    Node n = sim.client().nodes().withName(NODE).get();
    return n.getMetadata().getAnnotations();
  }

  static void awaitDone(String config) {
    SmallSims.awaitDone(sim, NODE, config, LONG);
  }

  static void apply(MachineConfig config) {
    sim.client().resources(MachineConfig.class).resource(config).create();
  }

  /** Waits until the node's reason passes {@code check}. */
  static void awaitReason(java.util.function.Consumer<String> check) {
    await()
        .atMost(LONG)
        .untilAsserted(() -> check.accept(annotations().get(NodeAnnotations.REASON)));
  }

  static CommandResult inMachine(String... argv) {
    return node.machine()
        .commands()
        .run(Command.of(argv[0], List.of(argv).subList(1, argv.length)));
  }

  /** Every file under the given trees of the machine's root: type, mode, owner, content hash. */
  static Map<String, String> snapshot(String... trees) throws IOException {
    Map<String, String> out = new TreeMap<>();
    Path root = node.host().root();
    for (String tree : trees) {
      try (Stream<Path> paths = Files.walk(root.resolve(tree))) {
        for (Path p : paths.toList()) {
          PosixFileAttributes a =
              Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
          String what =
              a.isSymbolicLink()
                  ? "-> " + Files.readSymbolicLink(p)
                  : a.isDirectory() ? "dir" : sha256(Files.readAllBytes(p));
          out.put(
              "/" + root.relativize(p),
              PosixFilePermissions.toString(a.permissions())
                  + " "
                  + a.owner().getName()
                  + ":"
                  + a.group().getName()
                  + " "
                  + what);
        }
      }
    }
    return out;
  }

  /** What differs between two snapshots: path → "before => after". */
  static Map<String, String> changes(Map<String, String> before, Map<String, String> after) {
    Map<String, String> out = new TreeMap<>();
    for (String p : new java.util.TreeSet<>(before.keySet())) {
      if (!after.containsKey(p) || !after.get(p).equals(before.get(p))) {
        out.put(p, before.get(p) + " => " + after.getOrDefault(p, "(gone)"));
      }
    }
    after.keySet().stream()
        .filter(p -> !before.containsKey(p))
        .forEach(p -> out.put(p, "(new) => " + after.get(p)));
    return out;
  }

  static String sha256(byte[] bytes) throws IOException {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IOException(e);
    }
  }

  static final String HASH = "$6$ocelot$" + "c".repeat(86);
  static final String KEY =
      "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHk0b2NlbG90ZXhhbXBsZWtleWZvcnRoZXJlYWRtZQ"
          + " machine@ocelot";

  static MachineConfig everything() {
    return Serialization.unmarshal(
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: MachineConfig
        metadata:
          name: 60-machine-everything
          labels: {machineconfiguration.openshift.io/role: worker, ocelot-test: "true"}
        spec:
          config:
            ignition: {version: 3.5.0}
            storage:
              files:
              - path: /etc/ocelot-machine/app.conf
                mode: 416
                contents: {source: "data:,answer%%3D42%%0A"}
            systemd:
              units:
              - name: ocelot-app.service
                enabled: true
                contents: |
                  [Unit]
                  Description=Ocelot's machine test service
                  [Service]
                  ExecStart=/bin/sleep infinity
                  [Install]
                  WantedBy=multi-user.target
                dropins:
                - name: 10-env.conf
                  contents: |
                    [Service]
                    Environment=OCELOT_ANSWER=42
              - name: systemd-pstore.service
                mask: true
            passwd:
              users:
              - name: core
                passwordHash: "%s"
                sshAuthorizedKeys: ["%s"]
        """
            .formatted(HASH, KEY),
        MachineConfig.class);
  }

  /**
   * The seed's failure on a richer update: with systemd-run gone the update fails at its reboot
   * command and every step is undone — /etc and core's home byte for byte as before, /etc/shadow
   * still accepted by shadow-utils; once systemd-run is back it lands, as real systemd sees it.
   */
  @Test
  void anUpdateRolledBackByteForByteThenApplied() throws Exception {
    Map<String, String> before = snapshot("etc", "var/home/core");
    String passwdBefore = inMachine("passwd", "-S", "core").stdout();
    int boots = node.journalBoots().size();
    node.host().breakTool("systemd-run");

    apply(everything());
    awaitReason(r -> assertThat(r).startsWith("reboot command failed: systemd-run exited 127"));

    assertThat(annotations().get(NodeAnnotations.STATE)).isEqualTo("Degraded");
    assertThat(changes(before, snapshot("etc", "var/home/core"))).isEmpty();
    assertThat(inMachine("pwck", "-r", "-q").exitCode()).isZero();
    assertThat(inMachine("passwd", "-S", "core").stdout()).isEqualTo(passwdBefore);
    assertThat(node.journalBoots()).hasSize(boots);

    node.host().fixTool("systemd-run");
    String target = rendered();
    awaitDone(target);

    assertThat(node.journalBoots()).hasSize(boots + 1);
    assertThat(node.host().root().resolve("etc/ocelot-machine/app.conf")).hasContent("answer=42");
    assertThat(inMachine("systemctl", "is-enabled", "ocelot-app.service").stdout().strip())
        .isEqualTo("enabled");
    assertThat(inMachine("systemctl", "is-active", "ocelot-app.service").stdout().strip())
        .isEqualTo("active");
    // The image's (stand-in) CRI-O runs from boot: a pin or a ContainerRuntimeConfig reloads it.
    assertThat(inMachine("systemctl", "is-active", "crio.service").stdout().strip())
        .isEqualTo("active");
    assertThat(
            inMachine("systemctl", "show", "--property=Environment", "ocelot-app.service")
                .stdout()
                .strip())
        .isEqualTo("Environment=OCELOT_ANSWER=42");
    assertThat(inMachine("systemctl", "is-enabled", "systemd-pstore.service").stdout().strip())
        .isEqualTo("masked");
    assertThat(inMachine("passwd", "-S", "core").stdout()).startsWith("core P ");
    assertThat(inMachine("pwck", "-r", "-q").exitCode()).isZero();
    assertThat(
            Files.readString(
                node.host().root().resolve("var/home/core/.ssh/authorized_keys.d/ignition")))
        .contains(KEY);
  }

  /**
   * Issue 43: a file whose path is not ASCII lands on a real host, through the daemon as deployed
   * (its bytes checked in the machine: this JVM's own locale is not the point). Here systemd gives
   * its services C.UTF-8 when no locale is configured; a container gives none — the image's
   * launcher and the DaemonSet set it (DaemonImageLocaleIT runs the launcher with an empty
   * environment).
   */
  @Test
  void aPathThatIsNotAsciiLandsOnARealHost() throws Exception {
    apply(
        config(
            "60-machine-unicode",
            """
                storage:
                  files:
                  - path: "/etc/ocelot-machine/caf\u00e9.conf"
                    mode: 420
                    contents: {source: "data:,cr%C3%A8me%0A"}
                """));
    await().atMost(LONG).until(() -> !rendered().equals(base));
    awaitDone(rendered());
    // As bytes, in hex: neither side's locale decodes anything.
    assertThat(inMachine("sh", "-c", "cat /etc/ocelot-machine/caf*.conf | od -An -tx1").stdout())
        .isEqualToIgnoringWhitespace("63 72 c3 a8 6d 65 0a");
    assertThat(
            inMachine("sh", "-c", "test -f \"/etc/ocelot-machine/caf$(printf '\\303\\251').conf\"")
                .exitCode())
        .as("the name's bytes are UTF-8")
        .isZero();
  }

  /** A hand edit of a real file is seen through inotify (the poll is minutes apart) and undone. */
  @Test
  void driftOnARealFileIsSeenAtOnceAndRecoveredWithoutABoot() throws Exception {
    int boots = node.journalBoots().size();
    Path role = node.host().root().resolve("etc/ocelot/role");
    byte[] original = Files.readAllBytes(role);

    assertThat(inMachine("sh", "-c", "echo hand-edit >> /etc/ocelot/role").exitCode()).isZero();
    // Seconds: the poll is 5 minutes away, only inotify can be this quick.
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                assertThat(annotations().get(NodeAnnotations.REASON))
                    .contains("content mismatch for file \"/etc/ocelot/role\""));

    Files.write(role, original);
    awaitDone(base);
    assertThat(node.journalBoots()).hasSize(boots);
  }

  static MachineConfig config(String name, String yaml) {
    return Serialization.unmarshal(
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: MachineConfig
        metadata:
          name: %s
          labels: {machineconfiguration.openshift.io/role: worker, ocelot-test: "true"}
        spec:
          config:
            ignition: {version: 3.5.0}
        %s
        """
            .formatted(name, yaml.indent(4)),
        MachineConfig.class);
  }

  /** {@link #config} with an OS image: its update stages a deployment and reboots into it. */
  static MachineConfig config(String name, String image, String yaml) {
    MachineConfig mc = config(name, yaml);
    mc.getSpec().setOsImageURL(image);
    return mc;
  }

  /** An OS image for updates that change the deployment (the stand-in stages any image). */
  static final String NEW_IMAGE = "quay.io/ocelot/fedora-coreos@sha256:" + "7".repeat(64);

  /** The messages of the UpdateFailed events on the node so far. */
  static List<String> updateFailures() {
    return events("UpdateFailed");
  }

  /** The messages of the node's events with {@code reason} so far. */
  static List<String> events(String reason) {
    return sim.client().v1().events().inNamespace("default").list().getItems().stream()
        .filter(e -> reason.equals(e.getReason()))
        .filter(e -> NODE.equals(e.getInvolvedObject().getName()))
        .map(io.fabric8.kubernetes.api.model.Event::getMessage)
        .toList();
  }

  /**
   * A required check that fails after the real boot into an update: the node boots back into the
   * old config by itself, names the check and its words, and holds the target.
   */
  @Test
  void aRequiredHealthCheckFailingAfterARealBootRollsBack() throws Exception {
    int boots = node.journalBoots().size();
    apply(
        config(
            "60-machine-unhealthy",
            """
                storage:
                  files:
                  - path: /etc/greenboot/check/required.d/50-machine-unhealthy.sh
                    mode: 493
                    contents: {source: "data:,echo%20'machine%3A%20the%20app%20is%20not%20healthy'%20%3E%262%0Aexit%201%0A"}
                """));

    awaitReason(
        r ->
            assertThat(r)
                .contains("health check 50-machine-unhealthy.sh failed after boot")
                .contains("machine: the app is not healthy"));
    await()
        .atMost(LONG)
        .untilAsserted(
            () -> assertThat(annotations().get(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(base));
    // Held, not retried: into the update and back, and no boot more.
    await().atMost(LONG).until(() -> annotations().containsKey(NodeAnnotations.FAILED_TARGET));
    assertThat(node.journalBoots()).hasSize(boots + 2);
    assertThat(node.host().root().resolve("etc/greenboot/check/required.d/50-machine-unhealthy.sh"))
        .doesNotExist();
  }

  /**
   * The admin's lifecycle hooks on a real host: a before-reboot hook that refuses fails the update
   * with its name and words and the update is undone; once it agrees, the update reboots, and the
   * after-update hook runs in the new boot (it writes the boot id it ran in).
   */
  @Test
  void anAdminsHooksRefuseThenLetARealRebootGoAndRunAfterIt() throws Exception {
    Path hooks = node.host().root().resolve("etc/ocelot/hooks.d");
    Path refuse = hooks.resolve("before-reboot/10-gpu-jobs");
    Path after = hooks.resolve("after-update/10-record-boot");
    Path notify = hooks.resolve("after-update/20-notify-cmdb");
    try {
      hook(notify, "#!/bin/sh\necho 'cannot reach the CMDB' >&2\nexit 2\n");
      hook(refuse, "#!/bin/sh\necho 'GPU jobs still running on this node' >&2\nexit 3\n");
      hook(
          after,
          "#!/bin/sh\nmkdir -p /var/lib/ocelot-test-hooks\n"
              + "cat /proc/sys/kernel/random/boot_id > /var/lib/ocelot-test-hooks/after-update\n");
      int boots = node.journalBoots().size();
      apply(
          config(
              "60-machine-hooked",
              """
                  storage:
                    files:
                    - path: /etc/ocelot-machine/hooked.conf
                      mode: 420
                      contents: {source: "data:,hooked%0A"}
                  """));
      awaitReason(
          r ->
              assertThat(r)
                  .contains(
                      "before-reboot hook /etc/ocelot/hooks.d/before-reboot/10-gpu-jobs failed:"
                          + " exit 3")
                  .contains("GPU jobs still running on this node")
                  .contains("rolled back"));
      assertThat(node.host().root().resolve("etc/ocelot-machine/hooked.conf")).doesNotExist();
      assertThat(node.journalBoots()).hasSize(boots); // refused before the reboot
      assertThat(node.host().root().resolve("var/lib/ocelot-test-hooks/after-update"))
          .doesNotExist();

      hook(refuse, "#!/bin/sh\nexit 0\n"); // the jobs are done: the next retry goes
      String hooked = awaitNewRendered();
      awaitDone(hooked);
      assertThat(node.journalBoots()).hasSize(boots + 1);
      assertThat(node.host().root().resolve("etc/ocelot-machine/hooked.conf"))
          .hasContent("hooked\n");
      Path ran = node.host().root().resolve("var/lib/ocelot-test-hooks/after-update");
      await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(ran));
      assertThat(Files.readString(ran).strip())
          .isEqualTo(inMachine("cat", "/proc/sys/kernel/random/boot_id").stdout().strip());
      // A failing after-update hook is reported with its words; the update stands.
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> !events("AfterUpdateHookFailed").isEmpty());
      assertThat(events("AfterUpdateHookFailed"))
          .containsExactly(
              "after-update hook /etc/ocelot/hooks.d/after-update/20-notify-cmdb failed: exit 2:"
                  + " \"cannot reach the CMDB\" (the update stands)");
      assertThat(annotations().get(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(hooked);
    } finally {
      Files.deleteIfExists(refuse);
      Files.deleteIfExists(after);
      Files.deleteIfExists(notify);
    }
  }

  static void hook(Path path, String script) throws IOException {
    Files.createDirectories(path.getParent());
    Files.writeString(path, script, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /** The worker pool's rendered config once it is not the base one. */
  static String awaitNewRendered() {
    await().atMost(LONG).until(() -> !rendered().equals(base));
    return rendered();
  }

  /** Where the daemon stops: a host tool (or a check) that waits while a flag file exists. */
  enum KillPoint {
    /** Files and units written, the password being set: the attempt is PREPARING. */
    PREPARING("/usr/sbin/usermod"),
    /** The commit marker written, the reboot command not yet run: COMMITTED. */
    COMMITTED("/usr/bin/systemd-run"),
    /** After the boot into the update, while its health checks run: finalizing. */
    FINALIZING("");

    final String tool;

    KillPoint(String tool) {
      this.tool = tool;
    }

    String flag() {
      return "/var/lib/ocelot-test-hold/" + name();
    }
  }

  /** Lets every held tool go on (a test that failed while holding one must not hold the next). */
  static void releaseHolds() throws IOException {
    Path root = node.host().root();
    for (KillPoint point : KillPoint.values()) {
      Files.deleteIfExists(root.resolve(point.flag().substring(1)));
      if (!point.tool.isEmpty()) {
        Path tool = root.resolve(point.tool.substring(1));
        Path real = tool.resolveSibling(tool.getFileName() + ".real");
        if (Files.exists(real)) {
          Files.move(real, tool, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  /** A check of the update itself that waits while the FINALIZING flag exists. */
  static final String HOLD_CHECK =
      "#!/bin/sh\n: > /run/ocelot-test-reached-FINALIZING\n"
          + "while [ -e /var/lib/ocelot-test-hold/FINALIZING ]; do sleep 0.2; done\n";

  /**
   * The daemon killed with SIGKILL at three points of an update, and the machine rebooted at once:
   * the next start brings the host to a stable state and the update lands.
   */
  @Test
  void theDaemonKilledAtThreePointsRecoversAfterTheNextBoot() throws Exception {
    for (KillPoint point : KillPoint.values()) {
      killAt(point);
    }
  }

  void killAt(KillPoint point) throws Exception {
    Path root = node.host().root();
    TestFiles.write(root.resolve(point.flag().substring(1)), "hold\n");
    if (!point.tool.isEmpty()) {
      Path tool = root.resolve(point.tool.substring(1));
      Files.move(tool, tool.resolveSibling(tool.getFileName() + ".real"));
      TestFiles.executable(
          tool,
          "#!/bin/sh\n: > /run/ocelot-test-reached-"
              + point
              + "\nwhile [ -e "
              + point.flag()
              + " ]; do sleep 0.2; done\nexec \"$0.real\" \"$@\"\n");
    }
    String text = point.name().toLowerCase(java.util.Locale.ROOT);
    int failures = updateFailures().size();
    apply(
        config(
            "60-machine-kill-" + text,
            NEW_IMAGE,
            """
                storage:
                  files:
                  - path: /etc/ocelot-machine/kill.conf
                    mode: 420
                    contents: {source: "data:,%s%%0A"}
                  - path: /etc/greenboot/check/required.d/40-hold.sh
                    mode: 493
                    contents: {source: "data:,%s"}
                passwd:
                  users:
                  - name: core
                    passwordHash: "%s"
                """
                .formatted(
                    text,
                    java.net.URLEncoder.encode(HOLD_CHECK, StandardCharsets.UTF_8)
                        .replace("+", "%20"),
                    HASH)));
    String target = awaitTarget();
    await()
        .atMost(LONG)
        .until(() -> inMachine("test", "-e", "/run/ocelot-test-reached-" + point).ok());
    int boots = node.journalBoots().size();

    CommandResult kill =
        inMachine("systemctl", "kill", "--signal=SIGKILL", "ocelot-daemon.service");
    assertThat(kill.exitCode()).as(point + ": " + kill.stderrTail()).isZero();
    releaseHolds();
    inMachine("systemctl", "reboot");

    awaitDone(target);
    assertThat(node.journalBoots().size()).as(point.toString()).isGreaterThan(boots);
    assertThat(node.host().image(FakeHost.Slot.BOOTED)).as(point.toString()).contains(NEW_IMAGE);
    if (point == KillPoint.PREPARING) {
      // Two correct recoveries, as the machine's boot went. It booted the staged new image with
      // the old files (issue 37 item 2): the node went back to the old deployment (a boot) before
      // the retry landed (one more), never finishing the update on top of the mixed state. Or it
      // booted the old deployment: the journal's pre-images were restored at the start and the
      // retry landed. Which one happens is up to the machine (run alone, this test saw the second
      // every time; after the class's other tests, the first).
      List<String> said = updateFailures().subList(failures, updateFailures().size());
      String staged =
          "the node rebooted in the middle of the update to MachineConfig "
              + target
              + " and booted its staged deployment ";
      String interrupted =
          "the update to MachineConfig " + target + " was interrupted (the daemon stopped)";
      assertThat(said).anySatisfy(m -> assertThat(m).containsAnyOf(staged, interrupted));
      if (said.stream().anyMatch(m -> m.contains(staged))) {
        assertThat(node.journalBoots().size()).isGreaterThanOrEqualTo(boots + 3);
      }
    }
    assertThat(root.resolve("etc/ocelot-machine/kill.conf")).hasContent(text);
    assertThat(inMachine("passwd", "-S", "core").stdout()).startsWith("core P ");
    sim.client().resources(MachineConfig.class).withLabel("ocelot-test").delete();
    awaitDone(base);
  }

  /**
   * Issue 37 item 8 on a real machine: a deployment an admin staged holds an update that would
   * reboot, named, with nothing changed and no boot; once discarded, the update lands.
   */
  @Test
  void anAdminsStagedDeploymentHoldsARebootingUpdateUntilItIsDiscarded() throws Exception {
    String foreign = "quay.io/someone/else@sha256:" + "e".repeat(64);
    Map<String, String> before = snapshot("etc", "var/home/core");
    assertThat(
            inMachine(
                    "rpm-ostree",
                    "rebase",
                    "--experimental",
                    "ostree-unverified-registry:" + foreign)
                .ok())
        .isTrue();
    int boots = node.journalBoots().size();

    apply(everything());
    String target = awaitTarget();
    awaitReason(
        r ->
            assertThat(r)
                .startsWith(
                    "a deployment of "
                        + foreign
                        + " is staged on the host, not by this update (an upgrade or rebase"
                        + " waiting for a reboot?): the update would boot it with its reboot"));
    assertThat(annotations().get(NodeAnnotations.STATE)).isEqualTo("Degraded");
    assertThat(changes(before, snapshot("etc", "var/home/core"))).isEmpty();
    assertThat(node.deployedImage(FakeHost.Slot.STAGED)).hasValue(foreign);
    assertThat(node.journalBoots()).hasSize(boots);

    assertThat(inMachine("rpm-ostree", "cleanup", "-p").ok()).isTrue();
    awaitDone(target);
    assertThat(node.journalBoots()).hasSize(boots + 1);
  }

  /**
   * Issue 37 item 3 on a real machine: a usermod that exits 0 and changes nothing fails the step by
   * name, and the update is rolled back; with the real usermod back, it lands.
   */
  @Test
  void aUsermodThatSaysYesAndDoesNothingFailsTheUpdate() throws Exception {
    Path usermod = node.host().root().resolve("usr/sbin/usermod");
    Path real = usermod.resolveSibling("usermod.real");
    Files.move(usermod, real);
    try {
      TestFiles.executable(usermod, "#!/bin/sh\nexit 0\n");
      Map<String, String> before = snapshot("etc", "var/home/core");
      apply(
          config(
              "60-machine-hash",
              """
              passwd:
                users:
                - name: core
                  passwordHash: "%s"
              """
                  .formatted(HASH)));
      awaitReason(
          r ->
              assertThat(r)
                  .startsWith(
                      "Failed to reset password for core: usermod exited 0 but /etc/shadow does"
                          + " not hold the new hash"));
      assertThat(changes(before, snapshot("etc", "var/home/core"))).isEmpty();
    } finally {
      Files.move(real, usermod, StandardCopyOption.REPLACE_EXISTING);
    }
    awaitDone(rendered());
    assertThat(inMachine("passwd", "-S", "core").stdout()).startsWith("core P ");
  }

  /** The worker pool's new rendered config, once the controller rendered it. */
  static String awaitTarget() {
    await().atMost(LONG).until(() -> !rendered().equals(base));
    return rendered();
  }

  static final String BROKEN_UNIT =
      """
      [Unit]
      Description=Ocelot's machine test service that checks its config
      [Service]
      Type=oneshot
      RemainAfterExit=yes
      ExecStart=/bin/sh -c 'grep -qx good /etc/ocelot-broken.conf || { echo "ocelot-broken: /etc/ocelot-broken.conf is not good" >&2; exit 1; }'
      [Install]
      WantedBy=multi-user.target
      """;

  /**
   * A rebootless change whose service restart fails: the node says what systemctl said and what the
   * service itself wrote to the journal, and the file is back as it was.
   */
  @Test
  void aServiceThatFailsToRestartIsReportedWithTheJournalsWords() throws Exception {
    sim.client()
        .resources(MachineConfiguration.class)
        .resource(
            Serialization.unmarshal(
                """
                apiVersion: operator.openshift.io/v1
                kind: MachineConfiguration
                metadata: {name: cluster}
                spec:
                  nodeDisruptionPolicy:
                    files:
                    - path: /etc/ocelot-broken.conf
                      actions: [{type: Restart, restart: {serviceName: ocelot-broken.service}}]
                """,
                MachineConfiguration.class))
        .createOr(existing -> existing.update());
    try {
      apply(
          config(
              "60-machine-broken",
              """
                  storage:
                    files:
                    - path: /etc/ocelot-broken.conf
                      mode: 420
                      contents: {source: "data:,good%%0A"}
                  systemd:
                    units:
                    - name: ocelot-broken.service
                      enabled: true
                      contents: |
                  %s
                  """
                  .formatted(BROKEN_UNIT.indent(10).stripTrailing())));
      awaitDone(awaitTarget());
      assertThat(inMachine("systemctl", "is-active", "ocelot-broken.service").stdout().strip())
          .isEqualTo("active");
      String good = rendered();
      int boots = node.journalBoots().size();

      apply(
          config(
              "61-machine-broken-file",
              """
                  storage:
                    files:
                    - path: /etc/ocelot-broken.conf
                      mode: 420
                      contents: {source: "data:,bad%0A"}
                  """));

      awaitReason(
          r ->
              assertThat(r)
                  .startsWith(
                      "restarting ocelot-broken.service failed: systemctl exited 1: \"Job for"
                          + " ocelot-broken.service failed")
                  .contains("its journal: \"ocelot-broken: /etc/ocelot-broken.conf is not good"));
      System.out.println("reason: " + annotations().get(NodeAnnotations.REASON));
      assertThat(annotations().get(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(good);
      assertThat(node.host().root().resolve("etc/ocelot-broken.conf")).hasContent("good");
      assertThat(node.journalBoots()).hasSize(boots);
    } finally {
      sim.client().resources(MachineConfiguration.class).withName("cluster").delete();
    }
  }
}
