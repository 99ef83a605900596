package io.ocelot.api.disruption;

import io.ocelot.api.model.MachineConfig;
import java.util.Optional;

/**
 * One side of an update: a rendered MachineConfig and, for a layered (OCL) node, the image built
 * for it. A non-layered node boots the config's {@code osImageURL}.
 */
public record ConfigTarget(MachineConfig config, Optional<String> image) {

  public ConfigTarget {
    image = image.filter(i -> !i.isEmpty());
  }

  public static ConfigTarget of(MachineConfig config) {
    return new ConfigTarget(config, Optional.empty());
  }

  public static ConfigTarget layered(MachineConfig config, String image) {
    return new ConfigTarget(config, Optional.of(image));
  }

  public String name() {
    return config.getMetadata().getName();
  }

  public boolean isLayered() {
    return image.isPresent();
  }

  /** The image the node runs on this side: the layered image, else the config's OS image. */
  public String effectiveImage() {
    return image.orElseGet(
        () -> config.getSpec().getOsImageURL() == null ? "" : config.getSpec().getOsImageURL());
  }

  /** How the contract names it: {@code MachineConfig: R[ / Image: I]}. */
  public String describe() {
    return "MachineConfig: " + name() + image.map(i -> " / Image: " + i).orElse("");
  }
}
