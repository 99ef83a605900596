package io.ocelot.api.operator;

import io.ocelot.api.ignition.RefusedSections;

/**
 * Upstream's {@code IrreconcilableValidationOverridesStorage}, spelled as in the API: a section of
 * a MachineConfig's {@code spec.config.storage} that may change although existing nodes cannot
 * apply it (only nodes provisioned afterwards get it).
 */
public enum StorageOverride {
  Disks(RefusedSections.DISKS),
  FileSystems(RefusedSections.FILESYSTEMS),
  Raid(RefusedSections.RAID);

  private final String section;

  StorageOverride(String section) {
    this.section = section;
  }

  /** The Ignition section it lets change ({@code storage.disks}, ...). */
  public String section() {
    return section;
  }
}
