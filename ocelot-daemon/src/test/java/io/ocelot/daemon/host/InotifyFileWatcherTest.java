package io.ocelot.daemon.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The production watcher tells of a write, a chmod, a delete and a create of a watched file. */
class InotifyFileWatcherTest {
  @TempDir Path root;

  @Test
  void changesOfWatchedFilesAreToldAndOthersAreNot() throws Exception {
    Files.createDirectories(root.resolve("etc/app"));
    Path watched = root.resolve("etc/app/a.conf");
    Files.writeString(watched, "a\n");
    java.util.Set<Thread> before = watchThreads();
    AtomicInteger told = new AtomicInteger();
    AtomicInteger looked = new AtomicInteger();
    try (FileWatcher.Watch w =
        new InotifyFileWatcher(root, looked::incrementAndGet)
            .watch(List.of("/etc/app/a.conf", "/etc/missing/b.conf"), told::incrementAndGet)) {
      Files.writeString(root.resolve("etc/app/unrelated"), "x");
      // The watcher examined the directory's news before the absence is asserted.
      await().atMost(Duration.ofSeconds(5)).until(() -> looked.get() >= 1);
      assertThat(told.get()).as("another file of the directory").isZero();

      Files.writeString(watched, "b\n");
      await().atMost(Duration.ofSeconds(5)).until(() -> told.get() >= 1);
      int n = told.get();
      Files.setPosixFilePermissions(watched, PosixFilePermissions.fromString("rw-rw-rw-"));
      await().atMost(Duration.ofSeconds(5)).until(() -> told.get() > n);
      int m = told.get();
      Files.delete(watched);
      await().atMost(Duration.ofSeconds(5)).until(() -> told.get() > m);
      int k = told.get();
      Files.writeString(watched, "c\n");
      await().atMost(Duration.ofSeconds(5)).until(() -> told.get() > k);
    }
    // Closing waited for the watcher's thread: nothing is left that could tell.
    assertThat(watchThreads()).as("the watcher's thread ended with close").isEqualTo(before);
    int after = told.get();
    int lookedAfter = looked.get();
    Files.writeString(watched, "d\n");
    assertThat(told.get()).as("closed").isEqualTo(after);
    assertThat(looked.get()).as("closed").isEqualTo(lookedAfter);
  }

  private static java.util.Set<Thread> watchThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("ocelot-drift-watch") && t.isAlive())
        .collect(java.util.stream.Collectors.toSet());
  }
}
