package io.ocelot.controller.rollout;

import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.controller.imagebuild.BuildConditions;
import io.ocelot.controller.members.PoolTarget;
import java.util.Optional;

/**
 * What a pool's nodes are pointed at (pure). A pool without a MachineOSConfig gets its rendered
 * config and no image — which removes {@code desiredImage}: the opt-out. A layered pool waits until
 * the MachineOSBuild of its <em>current</em> rendered config has succeeded, then gets that build's
 * config and digest together (the digest comes from the build itself, so config and image always
 * belong together: MCO's OCPBUGS-53408 race cannot happen).
 */
public final class LayeredTarget {
  private LayeredTarget() {}

  /** Target the nodes; {@code layered} says how their status is judged. */
  public sealed interface Decision permits Go, Wait {
    PoolTarget target();

    boolean layered();
  }

  public record Go(PoolTarget target, boolean layered) implements Decision {}

  /** Target nobody yet; {@code target} only names what the status line shows. */
  public record Wait(PoolTarget target, String message, Optional<String> failure)
      implements Decision {
    @Override
    public boolean layered() {
      return true;
    }
  }

  public static Decision decide(
      String rendered, Optional<MachineOSConfig> mosc, Optional<MachineOSBuild> build) {
    if (mosc.isEmpty()) {
      return new Go(new PoolTarget(rendered, Optional.empty()), false);
    }
    String moscName = mosc.get().getMetadata().getName();
    Optional<String> current =
        Optional.ofNullable(mosc.get().getStatus()).map(s -> s.getCurrentImagePullSpec());
    PoolTarget shown = new PoolTarget(rendered, current);
    if (build.isEmpty()) {
      return new Wait(
          shown,
          "Pool is waiting for a new OS image build to start (mosc: " + moscName + ")",
          Optional.empty());
    }
    MachineOSBuild b = build.get();
    String name = b.getMetadata().getName();
    var status = b.getStatus();
    if (BuildConditions.is(status, BuildConditions.SUCCEEDED)
        && status.getDigestedImagePushSpec() != null) {
      return new Go(
          new PoolTarget(
              b.getSpec().getMachineConfig().getName(),
              Optional.of(status.getDigestedImagePushSpec())),
          true);
    }
    for (String failed : new String[] {BuildConditions.FAILED, BuildConditions.INTERRUPTED}) {
      if (BuildConditions.is(status, failed)) {
        String why = BuildConditions.message(status, failed).orElse("");
        String message =
            "image build for MachineConfigPool "
                + name
                + (failed.equals(BuildConditions.FAILED) ? " failed" : " was interrupted")
                + (why.isEmpty() ? "" : ": " + why);
        return new Wait(shown, message, Optional.of(message));
      }
    }
    return new Wait(
        shown,
        "Pool is waiting for OS image build to complete (mosb: " + name + ")",
        Optional.empty());
  }
}
