package io.ocelot.sim.demo;

import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.fakehost.FakeHost;
import io.ocelot.sim.MachineNode;
import io.ocelot.sim.MetricsText;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimException;
import io.ocelot.sim.SimNode;
import io.ocelot.sim.demo.Timeline.Seen;
import java.time.Duration;
import java.util.Map;

/**
 * The field test of the original fix: a layered node whose reboot command is broken rolls back,
 * reports the real cause and counts it; once the command is fixed it reboots into the layered image
 * and config, and the failure clears.
 */
public final class RebootFailure implements Scenario {
  static final String NODE = "worker-1";
  private static final Duration WAIT = Duration.ofSeconds(60);

  @Override
  public String name() {
    return "reboot-failure";
  }

  @Override
  public String summary() {
    return "a layered node with a broken reboot command degrades with the real cause, then heals";
  }

  @Override
  public void run(SimCluster sim, Timeline t) {
    Admin admin = new Admin(sim.client());
    SimNode target = target(sim);
    String node = target.name();
    // A machine's daemon runs as deployed: its retry backs off up to a minute (the sim's, 8 s).
    Duration wait = target instanceof MachineNode ? WAIT.multipliedBy(3) : WAIT;
    FakeHost host = target.host();
    int bootsBefore = boots(target);
    String oldConfig = admin.annotation(node, NodeAnnotations.CURRENT_CONFIG);
    String oldImage = host.image(FakeHost.Slot.BOOTED).orElse("");
    String metrics = sim.httpUrl() + "/metrics";

    t.info("kubectl create -f pool-layered.yaml -f mosc-layered.yaml");
    admin.createLayeredPool();
    admin.optIn("layered");
    String[] built = new String[1];
    if (!t.await(
        "enable on-cluster layering: pool 'layered' and its MachineOSConfig; the image builds",
        WAIT,
        () ->
            admin
                .succeededBuild("layered")
                .map(
                    b -> {
                      built[0] = b.getStatus().getDigestedImagePushSpec();
                      return Seen.of(true, "built " + built[0]);
                    })
                .orElse(Seen.of(false, "no succeeded MachineOSBuild for pool layered")))) {
      return;
    }

    t.info("mv " + node + "/root/usr/bin/systemd-run " + node + "/root/usr/bin/systemd-run2");
    host.breakTool("systemd-run");
    if (!t.check(
        "break reboots on " + node,
        () -> Seen.of(host.isBroken("systemd-run"), "usr/bin/systemd-run renamed"))) {
      return;
    }

    t.info("kubectl label node " + node + " " + Admin.LAYERED_LABEL + "=");
    admin.label(node, Admin.LAYERED_LABEL, "");
    if (!t.check(
        "move " + node + " into the layered pool",
        () ->
            Seen.of(
                admin.node(node).getMetadata().getLabels().containsKey(Admin.LAYERED_LABEL),
                "labelled " + Admin.LAYERED_LABEL))) {
      return;
    }

    if (!t.await(
        node + " fails to reboot, rolls back, and says why",
        WAIT,
        () -> {
          double failed =
              MetricsText.scrape(metrics)
                  .value("mcd_reboots_failed_total", Map.of("node", node))
                  .orElse(0.0);
          String state = admin.state(node);
          String reason = admin.annotation(node, NodeAnnotations.REASON);
          String degraded =
              admin.condition("layered", "NodeDegraded").map(c -> c.getMessage()).orElse("");
          boolean ok =
              failed > 0
                  && state.equals("Degraded")
                  && reason.startsWith("reboot command failed:")
                  && reason.contains("systemd-run")
                  && degraded.contains("Node " + node + " is reporting: \"reboot command failed:")
                  && target.deployedImage(FakeHost.Slot.BOOTED).orElse("").equals(oldImage)
                  && target.deployedImage(FakeHost.Slot.STAGED).isEmpty()
                  && admin.annotation(node, NodeAnnotations.CURRENT_CONFIG).equals(oldConfig);
          return Seen.of(
              ok,
              "mcd_reboots_failed_total="
                  + failed
                  + ", state="
                  + state
                  + ", reason=\""
                  + abbreviate(reason)
                  + "\", pool NodeDegraded=\""
                  + abbreviate(degraded)
                  + "\", booted "
                  + target.deployedImage(FakeHost.Slot.BOOTED).orElse("?")
                  + ", staged "
                  + target.deployedImage(FakeHost.Slot.STAGED).orElse("none"));
        })) {
      return;
    }

    t.info("mv " + node + "/root/usr/bin/systemd-run2 " + node + "/root/usr/bin/systemd-run");
    host.fixTool("systemd-run");
    if (!t.check(
        "fix reboots on " + node,
        () -> Seen.of(!host.isBroken("systemd-run"), "usr/bin/systemd-run back"))) {
      return;
    }

    t.await(
        node + " retries, reboots into the layered image and config, and recovers",
        wait,
        () -> {
          var m = MetricsText.scrape(metrics);
          double failed = m.value("mcd_reboots_failed_total", Map.of("node", node)).orElse(-1.0);
          double failing = m.value("mcd_reboot_failing", Map.of("node", node)).orElse(-1.0);
          String state = admin.state(node);
          String image = admin.annotation(node, NodeAnnotations.CURRENT_IMAGE);
          String config = admin.annotation(node, NodeAnnotations.CURRENT_CONFIG);
          String layeredConfig = admin.rendered("layered").orElse("?");
          boolean ok =
              state.equals("Done")
                  && admin.annotation(node, NodeAnnotations.REASON).isEmpty()
                  && image.equals(built[0])
                  && config.equals(layeredConfig)
                  && host.image(FakeHost.Slot.BOOTED).orElse("").equals(built[0])
                  && failed == 0.0
                  && failing == 0.0
                  && boots(target) > bootsBefore;
          return Seen.of(
              ok,
              "state="
                  + state
                  + ", currentConfig="
                  + config
                  + ", currentImage="
                  + image
                  + ", mcd_reboots_failed_total="
                  + failed
                  + ", mcd_reboot_failing="
                  + failing
                  + (target instanceof MachineNode
                      ? ", boots in its journal " + bootsBefore + " -> " + boots(target)
                      : ""));
        });
  }

  /** Boots the node's own journal lists (a machine's); a simulated node counts its reboots. */
  private static int boots(SimNode node) {
    return node instanceof MachineNode m ? m.journalBoots().size() : node.reboots().size();
  }

  /**
   * The first machine node where there are machines (the field test on a real host), else {@link
   * #NODE}.
   */
  static SimNode target(SimCluster sim) {
    return sim.nodes().stream()
        .filter(n -> n instanceof MachineNode)
        .findFirst()
        .orElseGet(() -> node(sim));
  }

  static SimNode node(SimCluster sim) {
    try {
      return sim.node(NODE);
    } catch (SimException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  static String abbreviate(String s) {
    return s.length() <= 120 ? s : s.substring(0, 117) + "...";
  }
}
