package io.ocelot.daemon.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import io.ocelot.daemon.plan.UpdatePlan;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The field test of the original fix, at engine level: an OCL update whose reboot command is broken
 * rolls back completely and names the real cause; once fixed, the retry reboots into the target (no
 * "Old and new refs are equal") and finalizes.
 */
public class SeedScenarioTest {
  public static final String BASE = "quay.io/fcos@sha256:" + "0".repeat(64);
  public static final String I1 = "registry.local/layered@sha256:" + "1".repeat(64);
  public static final String I2 = "registry.local/layered@sha256:" + "2".repeat(64);

  public static final MachineConfig R1 =
      MachineConfigs.create(
          "rendered-worker-1",
          "worker",
          IgnitionBuilder.v3()
              .file("/etc/chrony.conf", "pool a.example.com\n")
              .file("/etc/keep.conf", "unchanged\n")
              .unit(
                  "hello.service",
                  "[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n",
                  true)
              .build(),
          BASE);

  public static final MachineConfig R2 =
      MachineConfigs.create(
          "rendered-worker-2",
          "worker",
          IgnitionBuilder.v3()
              .file("/etc/chrony.conf", "pool b.example.com\niburst\n", 0600)
              .file("/etc/keep.conf", "unchanged\n")
              .file("/etc/ocelot/new/deep.conf", "new\n")
              .unit(
                  "hello.service",
                  "[Service]\nExecStart=/bin/false\n[Install]\nWantedBy=default.target\n",
                  true)
              .dropin("hello.service", "10-env.conf", "[Service]\nEnvironment=A=1\n")
              .unit(
                  "extra.service",
                  "[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n",
                  true)
              .core(List.of("ssh-ed25519 AAAAnew admin@example.com"), "$6$rounds$newhash")
              .build(),
          BASE);

  @TempDir Path dir;

  @Test
  void brokenRebootRollsBackEverythingThenTheFixedRetryReboots() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), I1);
    h.settle(R1, Optional.of(I1));
    Map<String, String> before = h.snapshot();
    UpdatePlan plan =
        HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1);

    h.fake.breakTool("systemd-run");
    EngineOutcome first = h.engine().apply(plan, Attempt.FIRST);

    FailureRecord failure = ((EngineOutcome.Failed) first).failure();
    assertThat(failure.phase()).isEqualTo(FailureRecord.Phase.REBOOT);
    assertThat(failure.cause())
        .isEqualTo(
            "reboot command failed: systemd-run exited 127: \"systemd-run: command not found\"");
    assertThat(failure.exitCode()).contains(127);
    assertThat(failure.command().orElseThrow())
        .startsWith("systemd-run --unit machine-config-daemon-reboot");
    assertThat(failure.rolledBackCompletely()).isTrue();
    assertThat(failure.message())
        .isEqualTo(
            "reboot command failed: systemd-run exited 127: \"systemd-run: command not found\";"
                + " rolled back 7 steps (staged image discarded, 2 files, 2 units, SSH keys and"
                + " password hash restored); node remains on MachineConfig rendered-worker-1 / image "
                + I1);
    // The host is byte for byte as before, the staged deployment is gone, the marker names R1/I1.
    h.fake.fixTool("systemd-run");
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).isEmpty();
    assertThat(h.store().marker().orElseThrow().target())
        .isEqualTo(new Target("rendered-worker-1", Optional.of(I1)));
    assertThat(h.store().journal()).isEmpty();
    assertThat(h.store().lastFailure()).contains(failure);
    assertThat(h.metrics.rebootsFailedTotal()).isEqualTo(1.0);
    assertThat(h.metrics.rebootFailing()).isEqualTo(1.0);
    assertThat(h.metrics.updateFailing()).isEqualTo(1.0);

    // The same failure again keeps its root cause and its start.
    h.fake.breakTool("systemd-run");
    FailureRecord second =
        ((EngineOutcome.Failed) h.engine().apply(plan, Attempt.after(failure))).failure();
    assertThat(second.cause()).isEqualTo(failure.cause());
    assertThat(second.attempt()).isEqualTo(2);
    assertThat(second.firstFailedAt()).isEqualTo(failure.firstFailedAt());
    assertThat(h.metrics.rebootsFailedTotal()).isEqualTo(2.0);
    assertThat(Files.readString(h.root.resolve("var/log/fakehost.log")))
        .doesNotContain("refs are equal");

    // Fixed: the next attempt stages again (no refs-equal error) and requests the reboot.
    h.fake.fixTool("systemd-run");
    EngineOutcome third = h.engine().apply(plan, Attempt.after(second));
    assertThat(third)
        .isEqualTo(
            new EngineOutcome.RebootRequested(
                new Target("rendered-worker-2", Optional.of(I2)),
                "Node will reboot into image " + I2 + " / MachineConfig rendered-worker-2"));
    assertThat(h.fake.rebootRequested()).isTrue();
    assertThat(h.fake.image(FakeHost.Slot.STAGED)).contains(I2);

    // The node reboots; a fresh daemon finalizes with fresh counters.
    h.fake.reboot();
    h.restartDaemon();
    EngineOutcome done = h.recovery().start(Attempt.FIRST);
    assertThat(done)
        .isEqualTo(new EngineOutcome.Completed(new Target("rendered-worker-2", Optional.of(I2))));
    assertThat(h.fake.image(FakeHost.Slot.BOOTED)).contains(I2);
    assertThat(h.store().marker().orElseThrow().phase()).isEqualTo(CommitMarker.Phase.STABLE);
    assertThat(h.store().journal()).isEmpty();
    assertThat(h.store().lastFailure()).isEmpty();
    assertThat(h.root.resolve("etc/chrony.conf")).hasContent("pool b.example.com\niburst");
    assertThat(Files.readString(h.root.resolve("etc/shadow"))).contains("core:$6$rounds$newhash:");
    assertThat(h.root.resolve("var/home/core/.ssh/authorized_keys.d/ignition"))
        .hasContent("ssh-ed25519 AAAAnew admin@example.com");
    assertThat(h.metrics.rebootsFailedTotal()).isZero();
    assertThat(h.metrics.rebootFailing()).isZero();
  }
}
