package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.FileEntry;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.RefusedSections;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.daemon.host.HostException;
import java.util.ArrayList;
import java.util.List;
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

  /**
   * What of {@code config} a first boot does not lay down — links, directories, appended fragments
   * — each named as the config names it. Ignition would; the engine writes files and units only, so
   * a provisioning tool must say so rather than skip them without a word.
   */
  public static List<String> notLaidDown(IgnitionConfig config) {
    List<String> skipped = new ArrayList<>();
    for (String section : List.of(RefusedSections.LINKS, RefusedSections.DIRECTORIES)) {
      config.refused().section(section).ifPresent(s -> skipped.add(section));
    }
    for (FileEntry f : config.files()) {
      if (f.hasAppend()) {
        skipped.add("storage.files " + f.path() + " append");
      }
    }
    return skipped;
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
