package io.ocelot.daemon.host;

import io.ocelot.runtime.BackgroundThreads;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Watches host files with the kernel's inotify (Java's WatchService on Linux): the parent directory
 * of every path, filtered to the paths' names; a create, delete, write, rename or chmod of one of
 * them — or an overflow — triggers. Directories that are symlinks, or missing, are not watched (the
 * poll still covers them).
 */
public final class InotifyFileWatcher implements FileWatcher {
  private final Path root;
  private final Runnable looked;

  public InotifyFileWatcher(Path root) {
    this(root, () -> {});
  }

  /** With {@code looked} run after every batch of events the watcher examined, relevant or not. */
  public InotifyFileWatcher(Path root, Runnable looked) {
    this.root = root;
    this.looked = looked;
  }

  @Override
  public Watch watch(List<String> paths, Runnable onChange) throws HostException {
    WatchService service;
    try {
      service = FileSystems.getDefault().newWatchService();
    } catch (IOException e) {
      throw new HostException("cannot watch host files: " + IoReasons.of(e), e);
    }
    Map<WatchKey, Set<String>> names = new HashMap<>();
    Map<Path, WatchKey> keys = new HashMap<>();
    try {
      for (String path : paths) {
        Path file = root.resolve(path.substring(1));
        Path dir = file.getParent();
        if (dir == null || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
          continue;
        }
        WatchKey key = keys.get(dir);
        if (key == null) {
          key =
              dir.register(
                  service,
                  StandardWatchEventKinds.ENTRY_CREATE,
                  StandardWatchEventKinds.ENTRY_DELETE,
                  StandardWatchEventKinds.ENTRY_MODIFY);
          keys.put(dir, key);
        }
        names.computeIfAbsent(key, k -> new HashSet<>()).add(file.getFileName().toString());
      }
    } catch (IOException e) {
      close(service);
      throw new HostException("cannot watch host files: " + IoReasons.of(e), e);
    }
    Thread thread =
        BackgroundThreads.named("ocelot-drift-watch")
            .newThread(() -> loop(service, names, onChange, looked));
    thread.start();
    // Closed means quiet: once close returns, no callback runs any more.
    return () -> {
      close(service);
      if (Thread.currentThread() != thread) {
        try {
          thread.join(5000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    };
  }

  private static void loop(
      WatchService service, Map<WatchKey, Set<String>> names, Runnable onChange, Runnable looked) {
    try {
      while (true) {
        WatchKey key = service.take();
        boolean relevant = false;
        for (WatchEvent<?> e : key.pollEvents()) {
          relevant |=
              e.kind() == StandardWatchEventKinds.OVERFLOW
                  || names.getOrDefault(key, Set.of()).contains(String.valueOf(e.context()));
        }
        key.reset();
        if (relevant) {
          onChange.run();
        }
        looked.run();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ClosedWatchServiceException e) {
      // Closed: the watch is over.
    }
  }

  private static void close(WatchService service) {
    try {
      service.close();
    } catch (IOException e) {
      // Nothing more to release.
    }
  }
}
