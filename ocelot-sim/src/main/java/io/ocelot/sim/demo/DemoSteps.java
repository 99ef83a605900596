package io.ocelot.sim.demo;

import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimException;
import io.ocelot.sim.SimNode;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The reboot-failure story's actions, for other drivers than the demo's timeline (tests that watch
 * the same story through Prometheus, for instance).
 */
public final class DemoSteps {
  private final SimCluster sim;
  private final Admin admin;

  public DemoSteps(SimCluster sim) {
    this.sim = sim;
    this.admin = new Admin(sim.client());
  }

  /** Creates pool {@code layered} and its MachineOSConfig; returns the built image. */
  public String enableLayering() {
    admin.createLayeredPool();
    admin.optIn("layered");
    Instant deadline = sim.clock().instant().plus(Duration.ofSeconds(60));
    while (sim.clock().instant().isBefore(deadline)) {
      Optional<String> image =
          admin.succeededBuild("layered").map(b -> b.getStatus().getDigestedImagePushSpec());
      if (image.isPresent()) {
        return image.get();
      }
      pause();
    }
    throw new IllegalStateException("pool layered did not build within 60 s");
  }

  /** Renames {@code usr/bin/systemd-run} in the node's root, as an admin would. */
  public void breakReboots(String node) {
    node(node).host().breakTool("systemd-run");
  }

  public void fixReboots(String node) {
    node(node).host().fixTool("systemd-run");
  }

  public void moveIntoLayeredPool(String node) {
    admin.label(node, Admin.LAYERED_LABEL, "");
  }

  public String annotation(String node, String key) {
    return admin.annotation(node, key);
  }

  private SimNode node(String name) {
    try {
      return sim.node(name);
    } catch (SimException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  private static void pause() {
    try {
      Thread.sleep(200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
