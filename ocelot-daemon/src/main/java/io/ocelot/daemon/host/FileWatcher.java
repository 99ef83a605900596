package io.ocelot.daemon.host;

import java.util.List;

/**
 * Tells when host files may have changed, so that a check can run at once instead of at the next
 * poll. It only triggers: whoever is told reads the files and decides.
 */
public interface FileWatcher {
  /** A watcher that never tells (the caller polls). */
  FileWatcher NONE = (paths, onChange) -> () -> {};

  /**
   * Watches the host {@code paths} (absolute, inside the host root) until the returned watch is
   * closed; {@code onChange} runs on the watcher's own thread, possibly more often than needed.
   */
  Watch watch(List<String> paths, Runnable onChange) throws HostException;

  /** A running watch. */
  interface Watch extends AutoCloseable {
    @Override
    void close();
  }
}
