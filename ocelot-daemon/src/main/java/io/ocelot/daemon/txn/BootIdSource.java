package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostFiles;

/** The id of the current boot; it changes with every boot, which tells a reboot happened. */
@FunctionalInterface
public interface BootIdSource {
  /** Where the kernel publishes it. */
  String KERNEL = "/proc/sys/kernel/random/boot_id";

  /** Where a simulated host keeps it. */
  String SIMULATED = "/var/lib/fakehost/boot_id";

  String current() throws HostException;

  /** Reads the boot id from a host file. */
  static BootIdSource file(HostFiles files, String path) {
    return () -> {
      if (files.stat(path).orElse(null) instanceof FileState.Regular r) {
        return r.contents().asUtf8().strip();
      }
      throw new HostException("cannot read the boot id from " + path);
    };
  }
}
