package io.ocelot.sim.demo;

import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.fakehost.FakeHost;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.demo.Timeline.Seen;
import java.time.Duration;

/** A node opts into layering, then back out: it returns to the base image and the worker config. */
public final class Revert implements Scenario {
  private static final String NODE = "worker-1";
  private static final Duration WAIT = Duration.ofSeconds(60);

  @Override
  public String name() {
    return "revert";
  }

  @Override
  public String summary() {
    return "a node joins the layered pool, then leaves it and returns to the base image";
  }

  @Override
  public void run(SimCluster sim, Timeline t) {
    Admin admin = new Admin(sim.client());
    FakeHost host = RebootFailure.node(sim).host();
    String baseImage = host.image(FakeHost.Slot.BOOTED).orElse("");
    String workerConfig = admin.annotation(NODE, NodeAnnotations.CURRENT_CONFIG);
    admin.createLayeredPool();
    admin.optIn("layered");
    t.info("kubectl label node " + NODE + " " + Admin.LAYERED_LABEL + "=");
    admin.label(NODE, Admin.LAYERED_LABEL, "");
    String[] built = new String[1];
    if (!t.await(
        NODE + " joins the layered pool and boots the built image",
        WAIT,
        () -> {
          built[0] =
              admin
                  .succeededBuild("layered")
                  .map(b -> b.getStatus().getDigestedImagePushSpec())
                  .orElse("?");
          String image = admin.annotation(NODE, NodeAnnotations.CURRENT_IMAGE);
          boolean ok =
              image.equals(built[0])
                  && admin.state(NODE).equals("Done")
                  && host.image(FakeHost.Slot.BOOTED).orElse("").equals(built[0]);
          return Seen.of(ok, "state=" + admin.state(NODE) + ", currentImage=" + image);
        })) {
      return;
    }
    t.info("kubectl label node " + NODE + " " + Admin.LAYERED_LABEL + "-");
    admin.label(NODE, Admin.LAYERED_LABEL, null);
    t.await(
        NODE + " leaves the pool and reverts to the base image and the worker config",
        WAIT,
        () -> {
          var a = admin.annotations(NODE);
          boolean ok =
              !a.containsKey(NodeAnnotations.DESIRED_IMAGE)
                  && !a.containsKey(NodeAnnotations.CURRENT_IMAGE)
                  && "Done".equals(a.get(NodeAnnotations.STATE))
                  && workerConfig.equals(a.get(NodeAnnotations.CURRENT_CONFIG))
                  && host.image(FakeHost.Slot.BOOTED).orElse("").equals(baseImage);
          return Seen.of(
              ok,
              "state="
                  + a.get(NodeAnnotations.STATE)
                  + ", currentConfig="
                  + a.get(NodeAnnotations.CURRENT_CONFIG)
                  + ", currentImage="
                  + a.getOrDefault(NodeAnnotations.CURRENT_IMAGE, "(none)")
                  + ", booted "
                  + host.image(FakeHost.Slot.BOOTED).orElse("?"));
        });
  }
}
