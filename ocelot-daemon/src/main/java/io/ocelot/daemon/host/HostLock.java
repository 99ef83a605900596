package io.ocelot.daemon.host;

/**
 * One engine per host root. Two engines on one root (an admin's {@code host apply} beside the
 * daemon, an old and a new daemon pod overlapping) would interleave their steps and leave the host
 * mixed; the second one must refuse at once and say who holds the host. The lock is not re-entrant:
 * a caller that holds it across recovery, planning and the update hands its lease to the engine,
 * which then takes no lock of its own.
 */
public interface HostLock {
  /** Held until closed. */
  interface Lease extends AutoCloseable {
    /** The lock this lease holds (an engine checks it is its host's). */
    HostLock lock();

    @Override
    void close() throws HostException;
  }

  /**
   * Takes the lock for {@code holder} (how a waiting engine names us), or fails at once with a
   * message naming the current holder (also when this object holds it already).
   */
  Lease acquire(String holder) throws HostException;
}
