package io.ocelot.daemon.node.mcn;

import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigNodeStatus.ConfigImage;
import io.ocelot.api.model.MachineConfigNodeStatus.ConfigVersion;
import java.util.Optional;

/**
 * The config and image versions a milestone reports (pure): the desired version once the update is
 * found compatible (upstream's {@code not-yet-set} before), the current one once it is done.
 */
final class McnVersions {
  private McnVersions() {}

  static ConfigVersion configVersion(
      ConfigVersion before, McnMilestone m, Optional<String> currentConfig) {
    String current =
        Optional.ofNullable(before)
            .map(ConfigVersion::getCurrent)
            .or(() -> currentConfig.filter(c -> !c.isEmpty()))
            .orElse(null);
    String desired =
        Optional.ofNullable(before)
            .map(ConfigVersion::getDesired)
            .orElse(current != null ? current : MachineConfigNode.NOT_YET_SET);
    if (m instanceof McnMilestone.Started s) {
      desired = s.to().config();
    } else if (m instanceof McnMilestone.Done d) {
      current = d.target().config();
      desired = d.target().config();
    }
    return new ConfigVersion(current, desired);
  }

  static ConfigImage configImage(ConfigImage before, McnMilestone m) {
    String current = before == null ? null : before.getCurrentImage();
    String desired = before == null ? null : before.getDesiredImage();
    if (m instanceof McnMilestone.Started s) {
      desired = s.to().image().orElse(null);
    } else if (m instanceof McnMilestone.Done d) {
      current = d.target().image().orElse(null);
      desired = current;
    }
    return current == null && desired == null ? null : new ConfigImage(current, desired);
  }
}
