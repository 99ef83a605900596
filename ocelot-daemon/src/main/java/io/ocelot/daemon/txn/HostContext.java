package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.BootCounter;
import io.ocelot.daemon.host.BootLog;
import io.ocelot.daemon.host.ContainerImages;
import io.ocelot.daemon.host.FileWatcher;
import io.ocelot.daemon.host.HealthChecks;
import io.ocelot.daemon.host.Hooks;
import io.ocelot.daemon.host.HostFiles;
import io.ocelot.daemon.host.HostLock;
import io.ocelot.daemon.host.OsImages;
import io.ocelot.daemon.host.Rebooter;
import io.ocelot.daemon.host.Systemd;
import io.ocelot.daemon.host.UserDb;
import io.ocelot.daemon.host.Users;

/** Everything the transaction touches on the host, injected as one bundle of ports. */
public record HostContext(
    HostFiles files,
    OsImages images,
    Systemd systemd,
    Users users,
    UserDb userDb,
    Rebooter rebooter,
    BootIdSource bootId,
    BootLog bootLog,
    HostLock lock,
    FileWatcher watcher,
    HealthChecks health,
    Hooks hooks,
    BootCounter bootCounter,
    ContainerImages containers) {

  /** The same host whose boots must pass {@code checks} instead. */
  public HostContext withHealth(HealthChecks checks) {
    return new HostContext(
        files,
        images,
        systemd,
        users,
        userDb,
        rebooter,
        bootId,
        bootLog,
        lock,
        watcher,
        checks,
        hooks,
        bootCounter,
        containers);
  }
}
