package io.ocelot.controller.members;

import java.util.Optional;

/**
 * What a pool's nodes must run: its rendered config and, for a layered pool, the image built for
 * it. {@code line} is how MCO's messages name it: {@code MachineConfig R[ / Image I]}.
 */
public record PoolTarget(String config, Optional<String> image) {
  public PoolTarget {
    image = image.filter(i -> !i.isEmpty());
  }

  public boolean layered() {
    return image.isPresent();
  }

  public String line() {
    return "MachineConfig " + config + image.map(i -> " / Image " + i).orElse("");
  }
}
