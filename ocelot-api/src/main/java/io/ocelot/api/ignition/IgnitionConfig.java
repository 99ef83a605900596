package io.ocelot.api.ignition;

import java.util.List;
import java.util.Optional;

/**
 * What the daemon applies from an Ignition config, parsed and validated: files, units, passwd, and
 * the sections it refuses to change. An empty config (no version) is valid and applies nothing.
 */
public record IgnitionConfig(
    Optional<SpecVersion> version,
    List<FileEntry> files,
    List<UnitEntry> units,
    Passwd passwd,
    RefusedSections refused) {

  public static final IgnitionConfig EMPTY =
      new IgnitionConfig(
          Optional.empty(), List.of(), List.of(), Passwd.EMPTY, RefusedSections.NONE);

  public IgnitionConfig {
    files = List.copyOf(files);
    units = List.copyOf(units);
  }

  public Optional<FileEntry> file(String path) {
    return files.stream().filter(f -> f.path().equals(path)).findFirst();
  }

  public Optional<UnitEntry> unit(String name) {
    return units.stream().filter(u -> u.name().equals(name)).findFirst();
  }
}
