package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
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
 * Host behaviour proven on a real booted systemd machine, its daemon as deployed: an update of
 * files, units, SSH key and password rolled back byte for byte when the reboot command fails, then
 * applied; drift on a real file. One machine for the class; every test leaves it Done on the base.
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
    SimSettings settings =
        new SimSettings(
                1,
                0,
                dir.resolve("state"),
                false,
                0,
                0,
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
                Duration.ofSeconds(8),
                ControlPlaneMode.KUBE)
            .withMachines(
                MachineSettings.of(1, MachineDemoIT.DAEMON_IMAGE.normalize(), System.getenv()));
    sim = SimCluster.start(settings, System.out::println);
    node = (MachineNode) sim.node(NODE);
    base = rendered();
  }

  @AfterAll
  static void stop() {
    if (sim != null) {
      sim.close();
    }
  }

  @AfterEach
  void backToBase() {
    sim.client().resources(MachineConfig.class).withLabel("ocelot-test").delete();
    if (node.host().isBroken("systemd-run")) {
      node.host().fixTool("systemd-run");
    }
    awaitDone(base);
  }

  static String rendered() {
    return sim.client()
        .resources(MachineConfigPool.class)
        .withName("worker")
        .get()
        .getSpec()
        .getConfiguration()
        .getName();
  }

  static Map<String, String> annotations() {
    Node n = sim.client().nodes().withName(NODE).get();
    return n.getMetadata().getAnnotations();
  }

  static void awaitDone(String config) {
    await()
        .atMost(LONG)
        .pollInterval(Duration.ofMillis(500))
        .untilAsserted(
            () -> {
              Map<String, String> a = annotations();
              assertThat(a.get(NodeAnnotations.STATE)).as(a.toString()).isEqualTo("Done");
              assertThat(a.get(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(config);
            });
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

    sim.client().resources(MachineConfig.class).resource(everything()).create();
    await()
        .atMost(LONG)
        .untilAsserted(
            () ->
                assertThat(annotations().get(NodeAnnotations.REASON))
                    .startsWith("reboot command failed: systemd-run exited 127"));

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

  /** A hand edit of a real file is seen through inotify (the poll is minutes apart) and undone. */
  @Test
  void driftOnARealFileIsSeenAtOnceAndRecoveredWithoutABoot() throws Exception {
    int boots = node.journalBoots().size();
    Path role = node.host().root().resolve("etc/ocelot/role");
    byte[] original = Files.readAllBytes(role);

    assertThat(inMachine("sh", "-c", "echo hand-edit >> /etc/ocelot/role").exitCode()).isZero();
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
}
