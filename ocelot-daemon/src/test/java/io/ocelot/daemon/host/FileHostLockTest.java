package io.ocelot.daemon.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileHostLockTest {
  private final Clock clock = Clock.fixed(Instant.parse("2026-12-04T01:00:00Z"), ZoneOffset.UTC);

  @TempDir Path root;

  @Test
  void aSecondEngineIsRefusedAtOnceWithTheHolderNamed() throws Exception {
    FileHostLock first = new FileHostLock(root, clock);
    FileHostLock second = new FileHostLock(root, clock);
    try (HostLock.Lease lease = first.acquire("ocelot host apply")) {
      assertThatThrownBy(() -> second.acquire("ocelot daemon for node worker-0"))
          .isInstanceOf(HostException.class)
          .hasMessage(
              "another engine is working on host root "
                  + root
                  + " (held by ocelot host apply, pid "
                  + ProcessHandle.current().pid()
                  + ", since 2026-12-04T01:00:00Z); nothing was changed: try again when it has"
                  + " finished");
    }
    try (HostLock.Lease lease = second.acquire("ocelot daemon for node worker-0")) {
      assertThatThrownBy(() -> first.acquire("ocelot host apply"))
          .hasMessageContaining("(held by ocelot daemon for node worker-0, pid");
    }
  }

  @Test
  void aHolderHandsItsLeaseOnInsteadOfAskingAgain() throws Exception {
    FileHostLock lock = new FileHostLock(root, clock);
    FileHostLock other = new FileHostLock(root, clock);
    HostLock.Lease outer = lock.acquire("ocelot host apply");
    assertThat(outer.lock()).isSameAs(lock);
    assertThatThrownBy(() -> lock.acquire("an Ocelot update engine"))
        .isInstanceOf(HostException.class)
        .hasMessage(
            "the host lock of "
                + root
                + " is held already by ocelot host apply in this process; an Ocelot update"
                + " engine must use that lease");
    // The refusal changed nothing: still held, by the first holder.
    assertThatThrownBy(() -> other.acquire("other"))
        .hasMessageContaining("held by ocelot host apply");
    outer.close();
    outer.close(); // a second close lets go of nothing more
    try (HostLock.Lease lease = other.acquire("other")) {
      assertThatThrownBy(() -> lock.acquire("again")).hasMessageContaining("held by other");
    }
    lock.acquire("again").close();
  }

  @Test
  void anIdleLockHoldsNoDescriptor() throws Exception {
    FileHostLock lock = new FileHostLock(root, clock);
    try (HostLock.Lease lease = lock.acquire("first")) {
      assertThat(descriptorsOf(root.resolve(FileHostLock.FILE))).isEqualTo(1);
    }
    assertThat(descriptorsOf(root.resolve(FileHostLock.FILE))).isZero();
    try (HostLock.Lease lease = lock.acquire("again")) {
      assertThatThrownBy(() -> new FileHostLock(root, clock).acquire("other"))
          .hasMessageContaining("(held by again, pid");
    }
    new FileHostLock(root, clock).acquire("other").close();
    assertThat(Files.readString(root.resolve(FileHostLock.FILE))).isEmpty();
  }

  @Test
  void aRefusalByAnotherProcessKeepsNoDescriptor() throws Exception {
    Path file = root.resolve(FileHostLock.FILE);
    Files.createDirectories(file.getParent());
    Files.writeString(file, "python holder\n");
    // Python's lockf is the same POSIX record lock (fcntl F_SETLK) as the JDK's tryLock.
    Process holder =
        new ProcessBuilder(
                "/usr/bin/python3",
                "-c",
                "import fcntl, sys, time\n"
                    + "f = open(sys.argv[1], 'r+')\n"
                    + "fcntl.lockf(f, fcntl.LOCK_EX)\n"
                    + "print('locked', flush=True)\n"
                    + "time.sleep(120)\n",
                file.toString())
            .redirectErrorStream(true)
            .start();
    try {
      assertThat(new BufferedReader(new InputStreamReader(holder.getInputStream())).readLine())
          .isEqualTo("locked");
      FileHostLock lock = new FileHostLock(root, clock);
      assertThatThrownBy(() -> lock.acquire("daemon"))
          .hasMessageContaining("(held by python holder)");
      assertThat(descriptorsOf(file)).isZero();
      holder.destroy();
      holder.waitFor();
      lock.acquire("daemon").close();
      assertThat(descriptorsOf(file)).isZero();
    } finally {
      holder.destroyForcibly();
    }
  }

  /** This process's open descriptors on {@code file}, as the kernel lists them. */
  private static long descriptorsOf(Path file) throws IOException {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.filter(fd -> file.equals(target(fd))).count();
    }
  }

  private static @Nullable Path target(Path fd) {
    try {
      return Files.readSymbolicLink(fd);
    } catch (IOException e) {
      return null; // the listing's own descriptor, closed by now
    }
  }

  @Test
  void aStateDirectoryThatIsASymlinkOrAFileIsRefused() throws Exception {
    Path outside = Files.createDirectories(root.resolve("outside"));
    Path hostRoot = Files.createDirectories(root.resolve("host/var/lib")).getParent().getParent();
    Files.createSymbolicLink(hostRoot.resolve("var/lib/ocelot"), outside);
    assertThatThrownBy(() -> new FileHostLock(hostRoot, clock).acquire("x"))
        .isInstanceOf(HostException.class)
        .hasMessage(
            "the engine's state directory "
                + hostRoot.resolve("var/lib/ocelot")
                + " is a symbolic link; it must be a directory");
    assertThat(outside).isEmptyDirectory();

    Files.delete(hostRoot.resolve("var/lib/ocelot"));
    Files.writeString(hostRoot.resolve("var/lib/ocelot"), "not a directory");
    assertThatThrownBy(() -> new FileHostLock(hostRoot, clock).acquire("x"))
        .hasMessage(
            "the engine's state directory "
                + hostRoot.resolve("var/lib/ocelot")
                + " is not a directory");
  }

  @Test
  void aLockFileWithAnotherHardLinkIsRefusedAndNothingIsWrittenThrough() throws Exception {
    // The hostile tester's lock file: a hard link to a file outside the host root.
    Path hostRoot = Files.createDirectories(root.resolve("linked/var/lib/ocelot")).getParent();
    hostRoot = hostRoot.getParent().getParent();
    Path outside = Files.writeString(root.resolve("outside-file"), "precious\n");
    Files.createLink(hostRoot.resolve("var/lib/ocelot/engine.lock"), outside);

    Path lockFile = hostRoot.resolve("var/lib/ocelot/engine.lock");
    FileHostLock lock = new FileHostLock(hostRoot, clock);
    assertThatThrownBy(() -> lock.acquire("x"))
        .isInstanceOf(HostException.class)
        .hasMessage(
            "the engine's lock file "
                + lockFile
                + " has 2 hard links; another name for it could lie outside the host root, so the"
                + " engine will not write to it (remove the other links)");
    assertThat(outside).hasContent("precious");
  }
}
