package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.BASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.RootedHostFiles;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the engine keeps to undo an update is bounded: the host's files it replaces may hold at most
 * 8 MiB together, and it never reads a file larger than 24 MiB — so a host with large files where a
 * config writes fails the update cleanly (rolled back, the limit named) instead of exhausting the
 * daemon's heap.
 */
class SizeLimitsTest {
  @TempDir Path dir;

  static MachineConfig config(String name, int files) {
    IgnitionBuilder b = IgnitionBuilder.v3();
    for (int i = 0; i < files; i++) {
      b.file("/etc/big/f" + i, "new " + i + "\n");
    }
    return MachineConfigs.create(name, "worker", b.build(), BASE);
  }

  @Test
  void replacingMoreThanTheEngineKeepsFailsBeforeThatStepAndRollsBack() throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), BASE);
    MachineConfig from = config("rendered-worker-1", 0);
    h.settle(from, Optional.empty());
    // Three host files of 3 MiB each where the new config writes: the third passes 8 MiB.
    Files.createDirectories(h.root.resolve("etc/big"));
    for (int i = 0; i < 3; i++) {
      Files.write(h.root.resolve("etc/big/f" + i), new byte[3 << 20]);
    }
    Map<String, String> before = h.snapshot();

    EngineOutcome o =
        h.engine()
            .apply(
                HostFixture.plan(
                    ConfigTarget.of(from), ConfigTarget.of(config("rendered-worker-2", 3)), BASE),
                Attempt.FIRST);

    FailureRecord f = ((EngineOutcome.Failed) o).failure();
    assertThat(f.step()).isEqualTo("write file /etc/big/f2");
    assertThat(f.cause())
        .isEqualTo(
            "the files this update replaces hold 9437184 bytes up to this step, more than the 8"
                + " MiB the engine keeps to undo an update");
    assertThat(f.rolledBackCompletely()).isTrue();
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    assertThat(h.store().journal()).isEmpty();
  }

  @Test
  void aHostFileLargerThanTheEngineReadsIsRefusedByName() throws Exception {
    Path root = Files.createDirectories(dir.resolve("root/var"));
    try (RandomAccessFile f = new RandomAccessFile(root.resolve("huge").toFile(), "rw")) {
      f.setLength(RootedHostFiles.MAX_READ_BYTES + 1); // sparse: no disk spent
    }
    RootedHostFiles files = new RootedHostFiles(dir.resolve("root"));
    assertThatThrownBy(() -> files.stat("/var/huge"))
        .isInstanceOf(HostException.class)
        .hasMessage(
            "/var/huge is 25165825 bytes, more than the 24 MiB the engine reads (it keeps a copy"
                + " of what it replaces to undo it)");
  }
}
