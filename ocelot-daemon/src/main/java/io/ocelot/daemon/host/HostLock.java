package io.ocelot.daemon.host;

/**
 * One engine per host root. Two engines on one root (an admin's {@code host apply} beside the
 * daemon, an old and a new daemon pod overlapping) would interleave their steps and leave the host
 * mixed; the second one must refuse at once and say who holds the host. Acquiring is re-entrant
 * within one lock object, so a command can hold the lock across recovery, planning and the update.
 */
public interface HostLock {
  /** Held until closed. */
  interface Lease extends AutoCloseable {
    @Override
    void close() throws HostException;
  }

  /**
   * Takes the lock for {@code holder} (how a waiting engine names us), or fails at once with a
   * message naming the current holder.
   */
  Lease acquire(String holder) throws HostException;
}
