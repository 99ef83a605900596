package io.ocelot.daemon.plan;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.PostAction;
import java.util.Optional;

/**
 * The commit of an update: the marker naming what the next boot must validate, then the post
 * action. For a reboot this is the commit point; {@code rationale} is the Reboot event's text.
 */
public record Commit(
    String configName, Optional<String> image, PostAction action, String rationale) {

  /** The rationale words follow MCO: the OCL path names the image, the classic path the config. */
  static Commit of(ConfigTarget desired, PostAction action, boolean ocl) {
    String rationale =
        ocl
            ? "Node will reboot into image "
                + desired.effectiveImage()
                + " / MachineConfig "
                + desired.name()
            : "Node will reboot into config " + desired.name();
    return new Commit(desired.name(), desired.image(), action, rationale);
  }
}
