package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import io.ocelot.daemon.plan.UpdatePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Units through the engine, each way a config can change one: a drop-in dropped, a unit the config
 * no longer has, a mask, an unmask, an enabled unit turned off — applied after the boot, and rolled
 * back byte for byte when the reboot fails (mutation testing found the mask and removal paths run
 * by no engine test).
 */
class UnitUpdatesTest {
  static final String UNIT =
      "[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n";
  static final String SYSTEM = "etc/systemd/system/";
  static final String WANTS = SYSTEM + "multi-user.target.wants/";

  @TempDir Path dir;

  static MachineConfig config(String name, IgnitionBuilder ignition) {
    return MachineConfigs.create(
        name, "worker", ignition.file("/etc/chrony.conf", "pool a.example.com\n").build(), BASE);
  }

  /** Four enabled units; a.service with two drop-ins. */
  static final MachineConfig C1 =
      config(
          "rendered-worker-1",
          IgnitionBuilder.v3()
              .unit("a.service", UNIT, true)
              .dropin("a.service", "x.conf", "[Service]\nNice=1\n")
              .dropin("a.service", "y.conf", "[Service]\nNice=2\n")
              .unit("b.service", UNIT, true)
              .unit("c.service", UNIT, true)
              .unit("d.service", UNIT, true));

  /** y.conf dropped, b.service gone from the config, c.service masked, d.service disabled. */
  static final MachineConfig C2 =
      config(
          "rendered-worker-2",
          IgnitionBuilder.v3()
              .unit("a.service", UNIT, true)
              .dropin("a.service", "x.conf", "[Service]\nNice=3\n")
              .mask("c.service")
              .unit("d.service", UNIT, false));

  /** c.service unmasked: its entry without mask or contents. */
  static final MachineConfig C3 =
      config(
          "rendered-worker-3",
          IgnitionBuilder.v3()
              .unit("a.service", UNIT, true)
              .dropin("a.service", "x.conf", "[Service]\nNice=3\n")
              .unit("c.service", null, null)
              .unit("d.service", UNIT, false));

  static UpdatePlan plan(MachineConfig from, MachineConfig to) {
    return HostFixture.plan(ConfigTarget.of(from), ConfigTarget.of(to), BASE);
  }

  /** Whether the path exists, a link counted as itself (its target is in the host's terms). */
  static boolean present(HostFixture h, String path) {
    return Files.exists(h.root.resolve(path), java.nio.file.LinkOption.NOFOLLOW_LINKS);
  }

  EngineOutcome updateAndBoot(HostFixture h, MachineConfig from, MachineConfig to)
      throws Exception {
    EngineOutcome applied = h.engine().apply(plan(from, to), Attempt.FIRST);
    if (applied instanceof EngineOutcome.RebootRequested) {
      h.fake.reboot();
      h.restartDaemon();
      return h.recovery().start(Attempt.FIRST);
    }
    return applied;
  }

  @Test
  void dropinsUnitsMasksAndEnablementFollowTheConfig() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), BASE);
    h.settle(C1, Optional.empty());
    assertThat(present(h, WANTS + "b.service")).isTrue();

    assertThat(updateAndBoot(h, C1, C2))
        .isEqualTo(new EngineOutcome.Completed(new Target("rendered-worker-2", Optional.empty())));
    assertThat(h.root.resolve(SYSTEM + "a.service.d/x.conf")).hasContent("[Service]\nNice=3");
    assertThat(h.root.resolve(SYSTEM + "a.service.d/y.conf")).doesNotExist();
    assertThat(h.root.resolve(SYSTEM + "b.service")).doesNotExist();
    assertThat(present(h, WANTS + "b.service")).isFalse();
    assertThat(Files.readSymbolicLink(h.root.resolve(SYSTEM + "c.service")))
        .isEqualTo(Path.of("/dev/null"));
    assertThat(h.root.resolve(SYSTEM + "d.service")).hasContent(UNIT.strip());
    assertThat(present(h, WANTS + "d.service")).isFalse();
    assertThat(present(h, WANTS + "a.service")).isTrue();

    assertThat(updateAndBoot(h, C2, C3))
        .isEqualTo(new EngineOutcome.Completed(new Target("rendered-worker-3", Optional.empty())));
    assertThat(present(h, SYSTEM + "c.service")).isFalse();
  }

  @Test
  void aFailedRebootPutsEveryUnitBackAsItWas() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), BASE);
    h.settle(C1, Optional.empty());
    h.fake.breakTool("systemd-run");
    Map<String, String> before = h.snapshot();

    EngineOutcome failed = h.engine().apply(plan(C1, C2), Attempt.FIRST);

    assertThat(failed).isInstanceOf(EngineOutcome.Failed.class);
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    FailureRecord record = h.store().lastFailure().orElseThrow();
    assertThat(record.rollback())
        .extracting(r -> r.step() + ": " + r.outcome())
        .containsExactly(
            "remove unit b.service: REVERTED",
            "write unit d.service: REVERTED",
            "write unit c.service: REVERTED",
            "write unit a.service: REVERTED",
            "request drain (drain-rendered-worker-2): NOT_NEEDED");
  }
}
