package io.ocelot.daemon.txn;

import java.util.Optional;

/** A rendered config name and, for a layered node, its image. */
public record Target(String config, Optional<String> image) {
  public Target {
    image = image.filter(i -> !i.isEmpty());
  }

  /** {@code MachineConfig R / image I}, as the failure message names where a node remains. */
  public String describe() {
    return "MachineConfig " + config + image.map(i -> " / image " + i).orElse("");
  }
}
