package io.ocelot.api.ignition;

import java.util.List;
import java.util.Optional;

/**
 * A systemd unit: its contents (absent when only dropins or enablement are managed), enablement
 * (absent means "leave it to presets"), mask, and dropins.
 */
public record UnitEntry(
    String name,
    Optional<String> contents,
    Optional<Boolean> enabled,
    boolean mask,
    List<Dropin> dropins) {

  public UnitEntry {
    dropins = List.copyOf(dropins);
  }

  /** A dropin under {@code /etc/systemd/system/<unit>.d/<name>}; empty contents remove it. */
  public record Dropin(String name, Optional<String> contents) {}
}
