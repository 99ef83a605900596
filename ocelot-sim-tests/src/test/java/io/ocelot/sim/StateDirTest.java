package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.sim.machine.LocalPrograms;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateDirTest {
  @TempDir Path tmp;

  @Test
  void aFreshDirIsClaimedAndLocked() throws Exception {
    Path dir = tmp.resolve("state");
    try (StateDir s = StateDir.claim(dir, false)) {
      assertThat(s.nodeRoot("worker-0"))
          .isEqualTo(dir.toAbsolutePath().resolve("nodes/worker-0/root"));
      assertThat(dir.resolve(StateDir.MARKER)).exists();
      s.write(StateDir.INFO, new SimInfo(42, "http://a", "http://b", "now").json());
      assertThat(StateDir.info(dir)).hasValueSatisfying(i -> assertThat(i.pid()).isEqualTo(42));
      assertThatThrownBy(() -> StateDir.claim(dir, true))
          .isInstanceOf(SimException.class)
          .hasMessageContaining("in use by a running ocelot sim (pid 42, http://b)");
    }
    assertThat(StateDir.info(dir)).isEmpty();
  }

  @Test
  void aDirFromAnEarlierRunIsRefusedUnlessReset() throws Exception {
    Path dir = tmp.resolve("state");
    try (StateDir s = StateDir.claim(dir, false)) {
      Files.createDirectories(s.nodeRoot("worker-0"));
    }
    assertThatThrownBy(() -> StateDir.claim(dir, false))
        .isInstanceOf(SimException.class)
        .hasMessageContaining("holds a cluster from an earlier run")
        .hasMessageContaining("--reset");
    try (StateDir s = StateDir.claim(dir, true)) {
      assertThat(s.nodeRoot("worker-0")).doesNotExist();
    }
  }

  /** A machine node's sysroot: ostree makes its deployments immutable, which a reset lifts. */
  @Test
  void aResetDeletesImmutableOstreeDeployments() throws Exception {
    Path dir = tmp.resolve("state");
    Path deployment;
    try (StateDir s = StateDir.claim(dir, false)) {
      deployment =
          s.nodeRoot("worker-0")
              .resolveSibling("sysroot/ostree/deploy/os/deploy/" + "a".repeat(64));
      Files.createDirectories(deployment.resolve("usr"));
      Files.writeString(deployment.resolve(".ostree-deployment"), "x\n");
      CommandResult chattr =
          new LocalPrograms().run(Command.of("chattr", "+i", deployment.toString()));
      assertThat(chattr.exitCode()).as(chattr.stderrTail()).isZero();
    }
    assertThatThrownBy(() -> Files.delete(deployment.resolve(".ostree-deployment")))
        .isInstanceOf(java.nio.file.FileSystemException.class)
        .hasMessageContaining("Operation not permitted");

    try (StateDir s = StateDir.claim(dir, true)) {
      assertThat(dir.resolve("nodes/worker-0")).doesNotExist();
    }
  }

  @Test
  void aForeignOrUnwritableDirIsRefused() throws Exception {
    Path foreign = tmp.resolve("home");
    Files.createDirectories(foreign);
    Files.writeString(foreign.resolve("notes.txt"), "mine");
    assertThatThrownBy(() -> StateDir.claim(foreign, true))
        .hasMessageContaining("not empty and was not made by ocelot sim");
    assertThat(foreign.resolve("notes.txt")).exists();

    // Unwritable even for root: a path below a regular file.
    Path file = tmp.resolve("file");
    Files.writeString(file, "x");
    assertThatThrownBy(() -> StateDir.claim(file.resolve("state"), false))
        .isInstanceOf(SimException.class)
        .hasMessageContaining("cannot write state dir");
    assertThatThrownBy(() -> StateDir.claim(file, false)).hasMessageContaining("is a file");
  }
}
