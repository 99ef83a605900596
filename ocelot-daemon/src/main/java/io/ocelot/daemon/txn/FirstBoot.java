package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.FileEntry;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.daemon.host.HostException;
import java.util.Optional;

/**
 * Re-applies a config's files and units on the first boot after a revert from layering: those that
 * came with the layered image are gone from the base image's {@code /etc}. Idempotent.
 */
public final class FirstBoot {
  private FirstBoot() {}

  /** Re-applies the config, then removes the revert artifacts: the revert is complete. */
  public static void complete(HostContext host, IgnitionConfig config) throws HostException {
    reapply(host, config);
    RevertArtifacts.remove(host);
  }

  public static void reapply(HostContext host, IgnitionConfig config) throws HostException {
    for (FileEntry f : config.files()) {
      FileActions.write(f).observe(host, true).apply();
    }
    for (UnitEntry u : config.units()) {
      UnitActions.write(u, Optional.empty()).observe(host, true).apply();
    }
  }
}
