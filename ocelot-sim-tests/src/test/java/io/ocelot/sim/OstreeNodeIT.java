package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A machine node booted from a real ostree deployment: an update with a new OS image and a file is
 * a deployment ostree stages, finalizes at shutdown (the file merged into the new deployment's
 * {@code /etc}) and the sim boots from ostree's boot entry.
 */
class OstreeNodeIT {
  static final String NODE = "worker-0";
  static final Duration LONG = Duration.ofMinutes(4);
  static final String NEW_IMAGE = "quay.io/ocelot/fedora-coreos@sha256:" + "8".repeat(64);

  @TempDir static Path dir;
  static SimCluster sim;
  static MachineNode node;

  @BeforeAll
  static void start() throws Exception {
    sim = SmallSims.oneMachine(dir);
    node = (MachineNode) sim.node(NODE);
  }

  @AfterAll
  static void stop() throws Exception {
    SmallSims.stopMachines(sim, dir);
  }

  static CommandResult in(String... argv) {
    return node.machine()
        .commands()
        .run(Command.of(argv[0], List.of(argv).subList(1, argv.length)));
  }

  /**
   * {@code /usr} is read-only, as an ostree host mounts it: its files are hard links shared with
   * every other machine and the cached repo, which a write in place would change too.
   */
  @Test
  void usrIsReadOnlyAsOnAnOstreeHost() {
    CommandResult r = in("sh", "-c", "echo changed >> /usr/lib/os-release");
    assertThat(r.exitCode()).isNotZero();
    assertThat(r.stderrTail()).contains("Read-only file system");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    assertThat(in(java, "-version").exitCode()).as("the JDK bound below it").isZero();
  }

  /**
   * {@code ocelot fault boot-old} on ostree: ostree's own finalization fails at shutdown, for real
   * (the image's drop-in on its unit makes the staged deployment's {@code /etc} immutable for it),
   * the staged deployment is lost and the old one boots; the daemon quotes ostree's words from the
   * previous boot's journal — where journald keeps them at info, not as errors — and the node stays
   * on its config.
   */
  @Test
  void aFinalizationFailingAtShutdownBootsTheOldDeploymentAndIsNamed() throws Exception {
    String base = SmallSims.rendered(sim, "worker");
    String baseImage = node.host().image(FakeHost.Slot.BOOTED).orElseThrow();
    int boots = node.journalBoots().size();
    sim.apply(new Fault.BootOld(NODE));
    MachineConfig mc = MachineScenariosIT.config("60-ostree-boot-old", BOOT_OLD_IMAGE, FILE);
    sim.client().resources(MachineConfig.class).resource(mc).create();
    try {
      awaitReason("error: During /etc merge: ", "Operation not permitted");
      assertThat(annotations().get(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(base);
      assertThat(node.host().image(FakeHost.Slot.BOOTED)).hasValue(baseImage);
      assertThat(node.journalBoots()).hasSize(boots + 1);
      assertThat(
              in("journalctl", "--boot=-1", "--unit=ostree-finalize-staged.service")
                  .stdout()
                  .lines()
                  .filter(l -> l.contains("error: During /etc merge"))
                  .count())
          .as("ostree's words in the journal")
          .isEqualTo(1);
      assertThat(
              in(
                      "journalctl",
                      "--boot=-1",
                      "--unit=ostree-finalize-staged.service",
                      "--priority=err")
                  .stdout())
          .as("kept at the stream's priority, info")
          .doesNotContain("error: During /etc merge");
      assertThat(in("ostree", "admin", "status").stdout()).doesNotContain("(staged)");
      assertThat(in("rpm-ostree", "status", "--json").stdout()).doesNotContain(BOOT_OLD_IMAGE);
      assertThat(in("test", "-e", "/etc/ocelot-ostree/fault.conf").exitCode()).isEqualTo(1);
    } finally {
      sim.client().resources(MachineConfig.class).resource(mc).delete();
    }
    awaitDone(base);
  }

  /**
   * {@code ocelot fault crash-boot} on ostree: the boots into the finalized new deployment crash
   * until GRUB's counter runs out; its fallback entry, the previous deployment, boots and becomes
   * the default (greenboot's part); the daemon says so and the old {@code /etc} is as it was.
   */
  @Test
  void bootsThatCrashFallBackToThePreviousDeploymentAfterThree() throws Exception {
    String base = SmallSims.rendered(sim, "worker");
    String baseImage = node.host().image(FakeHost.Slot.BOOTED).orElseThrow();
    sim.apply(new Fault.CrashBoot(NODE));
    MachineConfig mc = MachineScenariosIT.config("60-ostree-crash-boot", CRASH_IMAGE, FILE);
    sim.client().resources(MachineConfig.class).resource(mc).create();
    try {
      awaitReason(
          "never became healthy: after 3 boots the boot counter fell back to the previous"
              + " deployment ("
              + baseImage);
      await()
          .atMost(LONG)
          .untilAsserted(
              () -> assertThat(annotations().get(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(base));
      assertThat(node.host().image(FakeHost.Slot.BOOTED)).hasValue(baseImage);
      assertThat(in("test", "-e", "/etc/ocelot-ostree/fault.conf").exitCode()).isEqualTo(1);
    } finally {
      sim.apply(new Fault.FixCrashBoot(NODE));
      sim.client().resources(MachineConfig.class).resource(mc).delete();
    }
    awaitDone(base);
  }

  static final String BOOT_OLD_IMAGE = "quay.io/ocelot/fedora-coreos@sha256:" + "5".repeat(64);
  static final String CRASH_IMAGE = "quay.io/ocelot/fedora-coreos@sha256:" + "4".repeat(64);
  static final String FILE =
      """
      storage:
        files:
        - path: /etc/ocelot-ostree/fault.conf
          mode: 420
          contents: {source: "data:,fault%0A"}
      """;

  static Map<String, String> annotations() {
    return SmallSims.annotations(sim, NODE);
  }

  static void awaitDone(String config) {
    SmallSims.awaitDone(sim, NODE, config, LONG);
  }

  /** Waits until the node's reason says all of {@code parts}. */
  static void awaitReason(String... parts) {
    await()
        .atMost(LONG)
        .untilAsserted(
            () ->
                assertThat(annotations().get(NodeAnnotations.REASON))
                    .as(annotations().toString())
                    .contains(parts));
  }

  /**
   * A required check that fails after the boot into a new image: ostree's order swaps back, the old
   * deployment boots — and its own {@code /etc}, where the update wrote the config's files before
   * staging, no longer has them (the journal's pre-images restored there, not in the new one's).
   */
  @Test
  void aCheckFailingAfterTheBootIntoANewImageBootsTheOldDeploymentWithItsOwnEtc() throws Exception {
    String base = SmallSims.rendered(sim, "worker");
    String baseImage = node.host().image(FakeHost.Slot.BOOTED).orElseThrow();
    String check = "/etc/greenboot/check/required.d/50-ostree-unhealthy.sh";
    MachineConfig mc =
        MachineScenariosIT.config(
            "60-ostree-unhealthy",
            UNHEALTHY_IMAGE,
            """
            storage:
              files:
              - path: %s
                mode: 493
                contents: {source: "data:,echo%%20'ostree%%3A%%20not%%20healthy'%%20%%3E%%262%%0Aexit%%201%%0A"}
              - path: /etc/ocelot-ostree/unhealthy.conf
                mode: 420
                contents: {source: "data:,new%%0A"}
            """
                .formatted(check));
    sim.client().resources(MachineConfig.class).resource(mc).create();
    try {
      await()
          .atMost(LONG)
          .untilAsserted(
              () -> {
                Map<String, String> a =
                    sim.client().nodes().withName(NODE).get().getMetadata().getAnnotations();
                assertThat(a.get(NodeAnnotations.REASON))
                    .as(a.toString())
                    .contains("health check 50-ostree-unhealthy.sh failed after boot");
                assertThat(a.get(NodeAnnotations.CURRENT_CONFIG)).isEqualTo(base);
                assertThat(a).containsKey(NodeAnnotations.FAILED_TARGET);
              });
      assertThat(node.host().image(FakeHost.Slot.BOOTED)).hasValue(baseImage);
      assertThat(in("test", "-e", check).exitCode()).as("the check in the old /etc").isEqualTo(1);
      assertThat(in("test", "-e", "/etc/ocelot-ostree/unhealthy.conf").exitCode()).isEqualTo(1);
    } finally {
      sim.client().resources(MachineConfig.class).resource(mc).delete();
    }
    awaitDone(base);
  }

  static final String UNHEALTHY_IMAGE = "quay.io/ocelot/fedora-coreos@sha256:" + "6".repeat(64);

  @Test
  void anUpdateIsAnOstreeDeploymentFinalizedAtShutdownAndBooted() throws Exception {
    String before = in("ostree", "admin", "status").stdout();
    assertThat(before).containsPattern("\\* os [0-9a-f]{64}\\.[0-9]+");
    String baseImage = node.host().image(FakeHost.Slot.BOOTED).orElseThrow();
    String base = SmallSims.rendered(sim, "worker");
    int boots = node.journalBoots().size();

    MachineConfig mc =
        MachineScenariosIT.config(
            "60-ostree-update",
            NEW_IMAGE,
            """
            storage:
              files:
              - path: /etc/ocelot-ostree/update.conf
                mode: 420
                contents: {source: "data:,merged%0A"}
            """);
    sim.client().resources(MachineConfig.class).resource(mc).create();
    try {
      await().atMost(LONG).until(() -> !SmallSims.rendered(sim, "worker").equals(base));
      awaitDone(SmallSims.rendered(sim, "worker"));
      anUpdateWasBooted(before, baseImage, boots);
    } finally {
      sim.client().resources(MachineConfig.class).resource(mc).delete();
    }
    awaitDone(base); // every test starts from the base config
  }

  private void anUpdateWasBooted(String before, String baseImage, int boots) throws Exception {

    // Booted from ostree's new deployment; the daemon removed the old one once the boot was
    // healthy (rpm-ostree cleanup -r). The journal saw ostree's own unit finalize the update at
    // the previous shutdown.
    String after = in("ostree", "admin", "status").stdout();
    assertThat(after.lines().filter(l -> l.matches("[* ] os [0-9a-f]{64}\\.[0-9]+.*")))
        .singleElement()
        .satisfies(l -> assertThat(l).startsWith("* os "));
    assertThat(after.lines().findFirst()).isNotEqualTo(before.lines().findFirst());
    assertThat(node.host().image(FakeHost.Slot.BOOTED)).hasValue(NEW_IMAGE);
    assertThat(in("cat", "/usr/lib/ocelot/image").stdout().strip()).isEqualTo(NEW_IMAGE);
    assertThat(in("rpm-ostree", "status", "--json").stdout())
        .contains("ostree-unverified-registry:" + NEW_IMAGE)
        .doesNotContain(baseImage);
    assertThat(in("journalctl", "-b", "-1", "-u", "ostree-finalize-staged.service").stdout())
        .contains("Finalizing staged deployment");
    assertThat(in("cat", "/etc/ocelot-ostree/update.conf").stdout()).isEqualTo("merged\n");
    assertThat(node.journalBoots().size()).isGreaterThan(boots);
  }
}
