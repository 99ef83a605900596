package io.ocelot.daemon.host;

/** Queues the rollback deployment for the next boot, the same way for rpm-ostree and bootc. */
final class BootOrder {
  private BootOrder() {}

  static void queueRollback(OsImages images, CommandRunner runner) throws HostException {
    HostStatus before = images.status();
    if (before.rollbackQueued()) {
      return;
    }
    if (before.rollback().isEmpty()) {
      throw new HostException(
          images.tool() + " shows no rollback deployment: there is nothing to boot back into");
    }
    if (before.staged().isPresent()) {
      images.discardStaged();
    }
    HostException.check(
        runner,
        Command.of(images.tool(), "rollback"),
        "failed to queue the rollback deployment for the next boot");
    if (!images.status().rollbackQueued()) {
      throw new HostException(
          images.tool() + " rollback succeeded but the next boot is still not the rollback");
    }
  }
}
