package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R2;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.daemon.host.ExecutableHealthChecks;
import io.ocelot.daemon.plan.UpdatePlan;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 40 item 4: lifecycle hooks on the host. A failing before-update hook refuses the update
 * before anything changes; a failing before-reboot hook rolls every step back, byte for byte; the
 * reason names the hook and its words. After-update hooks run once the update is done, only when it
 * changed a path they care about; after-reboot hooks are the boot's checks.
 */
class HooksTest {
  @TempDir Path dir;

  HostFixture host() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), BASE);
    h.settle(R1, Optional.empty());
    return h;
  }

  /** An executable hook at {@code path} under the root. */
  static void hook(HostFixture h, String path, String script) throws Exception {
    Path p = h.root.resolve(path.substring(1));
    Files.createDirectories(p.getParent());
    Files.writeString(p, script);
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  static UpdatePlan plan() {
    return HostFixture.plan(ConfigTarget.of(R1), ConfigTarget.of(R2), BASE);
  }

  @Test
  void aFailingBeforeUpdateHookRefusesTheUpdateBeforeAnythingChanges() throws Exception {
    HostFixture h = host();
    hook(
        h,
        "/etc/ocelot/hooks.d/before-update/10-maintenance",
        "#!/bin/sh\necho 'the cluster is in maintenance mode' >&2\nexit 3\n");
    String chrony = Files.readString(h.root.resolve("etc/chrony.conf"));

    EngineOutcome out = h.engine().apply(plan(), Attempt.FIRST);

    assertThat(out).isInstanceOf(EngineOutcome.Failed.class);
    FailureRecord f = ((EngineOutcome.Failed) out).failure();
    assertThat(f.step())
        .isEqualTo("before-update hook /etc/ocelot/hooks.d/before-update/10-maintenance");
    assertThat(f.cause())
        .isEqualTo(
            "before-update hook /etc/ocelot/hooks.d/before-update/10-maintenance failed: exit 3:"
                + " \"the cluster is in maintenance mode\"");
    assertThat(f.exitCode()).contains(3);
    assertThat(f.rollback()).isEmpty(); // nothing was applied, not even the drain
    assertThat(h.root.resolve("etc/chrony.conf")).hasContent(chrony);
    assertThat(h.root.resolve("etc/ocelot/new/deep.conf")).doesNotExist();
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).isEmpty();
  }

  @Test
  void aFailingBeforeRebootHookRollsEveryStepBackAndNamesTheHook() throws Exception {
    HostFixture h = host();
    // The image's hook, replaced by the admin's of the same name: only the admin's runs.
    hook(h, "/usr/lib/ocelot/hooks.d/before-reboot/50-fence", "#!/bin/sh\nexit 0\n");
    hook(
        h,
        "/etc/ocelot/hooks.d/before-reboot/50-fence",
        "#!/bin/sh\necho 'fencing agent unreachable' >&2\nexit 1\n");
    String chrony = Files.readString(h.root.resolve("etc/chrony.conf"));

    EngineOutcome out = h.engine().apply(plan(), Attempt.FIRST);

    FailureRecord f = ((EngineOutcome.Failed) out).failure();
    assertThat(f.cause())
        .isEqualTo(
            "before-reboot hook /etc/ocelot/hooks.d/before-reboot/50-fence failed: exit 1:"
                + " \"fencing agent unreachable\"");
    assertThat(f.message()).startsWith(f.cause() + "; rolled back ");
    assertThat(f.rolledBackCompletely()).isTrue();
    assertThat(h.root.resolve("etc/chrony.conf")).hasContent(chrony);
    assertThat(h.root.resolve("etc/ocelot/new/deep.conf")).doesNotExist();
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).isEmpty();
    assertThat(h.fake.rebootRequested()).isFalse();

    // Fixed: the update goes through, and the hook ran once more.
    hook(h, "/etc/ocelot/hooks.d/before-reboot/50-fence", "#!/bin/sh\nexit 0\n");
    assertThat(h.engine().apply(plan(), Attempt.after(f)))
        .isInstanceOf(EngineOutcome.RebootRequested.class);
  }

  @Test
  void afterUpdateHooksRunOnceItIsDoneAndOnlyForThePathsTheyName() throws Exception {
    HostFixture h = host();
    Files.createDirectories(h.root.resolve("tmp"));
    String mark = "#!/bin/sh\n%s\n: > \"${0%%/etc/ocelot/*}/tmp/%s\"\n";
    hook(
        h,
        "/etc/ocelot/hooks.d/after-update/10-chrony",
        mark.formatted("# ocelot-hook-paths: /etc/chrony.conf", "chrony-ran"));
    hook(
        h,
        "/etc/ocelot/hooks.d/after-update/20-crio",
        mark.formatted("# ocelot-hook-paths: /etc/crio/", "crio-ran"));
    hook(h, "/etc/ocelot/hooks.d/after-update/30-any", mark.formatted("", "any-ran"));
    hook(
        h,
        "/etc/ocelot/hooks.d/after-update/40-cmdb",
        "#!/bin/sh\necho 'cannot reach the CMDB' >&2\nexit 2\n");

    h.engine().apply(plan(), Attempt.FIRST);
    assertThat(h.root.resolve("tmp/chrony-ran")).doesNotExist(); // not before the boot
    h.fake.reboot();
    h.restartDaemon();
    EngineOutcome done = h.recovery().start(Attempt.FIRST);
    assertThat(done).isInstanceOf(EngineOutcome.Completed.class);
    // A failing after-update hook is reported (an event on the node), never failing the update.
    assertThat(((EngineOutcome.Completed) done).hooksFailed())
        .singleElement()
        .satisfies(
            o -> {
              assertThat(o.check().path()).isEqualTo("/etc/ocelot/hooks.d/after-update/40-cmdb");
              assertThat(o.describe()).isEqualTo("exit 2: \"cannot reach the CMDB\"");
            });

    assertThat(h.root.resolve("tmp/chrony-ran")).exists();
    assertThat(h.root.resolve("tmp/any-ran")).exists();
    assertThat(h.root.resolve("tmp/crio-ran")).doesNotExist();
  }

  @Test
  void afterRebootHooksAreTheBootsChecks() throws Exception {
    HostFixture h = host();
    hook(h, "/etc/ocelot/hooks.d/after-reboot/required.d/10-app", "#!/bin/sh\nexit 0\n");
    hook(h, "/usr/lib/ocelot/hooks.d/after-reboot/wanted.d/20-report", "#!/bin/sh\nexit 0\n");
    var checks =
        new ExecutableHealthChecks(h.host.files(), h.runner, java.time.Duration.ofSeconds(3))
            .checks();
    assertThat(checks)
        .extracting(c -> c.path() + " " + c.required())
        .contains(
            "/etc/ocelot/hooks.d/after-reboot/required.d/10-app true",
            "/usr/lib/ocelot/hooks.d/after-reboot/wanted.d/20-report false");
  }
}
