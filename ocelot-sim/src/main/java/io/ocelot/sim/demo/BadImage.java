package io.ocelot.sim.demo;

import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.fakehost.FakeHost;
import io.ocelot.sim.Fault;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimException;
import io.ocelot.sim.demo.Timeline.Seen;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A layered image whose kubelet never gets Ready: the first worker boots it, fails the built-in
 * node-ready health check and boots back into the old image by itself; stop-the-line keeps the
 * image from every other worker; backing out of the image heals the pool.
 */
public final class BadImage implements Scenario {
  private static final String POOL = "worker";
  private static final Duration WAIT = Duration.ofSeconds(60);

  @Override
  public String name() {
    return "bad-image";
  }

  @Override
  public String summary() {
    return "a bad image fails its health check on the first worker, rolls back there and halts"
        + " the rollout";
  }

  @Override
  public void run(SimCluster sim, Timeline t) {
    Admin admin = new Admin(sim.client());
    List<String> workers =
        sim.nodes().stream()
            .map(n -> n.name())
            .filter(n -> n.startsWith("worker-"))
            .sorted()
            .toList();
    String baseImage = sim.nodes().iterator().next().host().image(FakeHost.Slot.BOOTED).orElse("");
    t.info("kubectl patch mcp worker --type=merge -p '{\"spec\":{\"paused\":true}}'");
    pause(sim, true);
    t.info("kubectl create -f mosc-worker.yaml   # opts pool worker into layering");
    admin.optIn(POOL);
    Optional<String> image =
        admin.awaitBuild(t, POOL, "the worker pool's image builds (the pool is paused meanwhile)");
    if (image.isEmpty()) {
      return;
    }
    String built = image.get();
    t.info(
        "ocelot fault fail-image-kubelet "
            + built
            + "   # booted into it, a node's kubelet never gets Ready (its CNI never starts)");
    try {
      sim.apply(new Fault.FailImageKubelet(built));
    } catch (SimException e) {
      t.check("break the image", () -> Seen.of(false, e.getMessage()));
      return;
    }
    t.info("kubectl patch mcp worker --type=merge -p '{\"spec\":{\"paused\":false}}'");
    pause(sim, false);

    String[] first = new String[1];
    if (!t.await(
        "the first worker boots the image, fails its health check and boots back by itself",
        WAIT.plus(sim.settings().rebootTime().multipliedBy(2)).plus(SimCluster.READY_TIMEOUT),
        () -> {
          Optional<String> targeted =
              workers.stream()
                  .filter(w -> built.equals(admin.annotation(w, NodeAnnotations.DESIRED_IMAGE)))
                  .findFirst();
          if (targeted.isEmpty()) {
            return Seen.of(false, "no worker targeted yet");
          }
          String w = first[0] = targeted.get();
          String reason = admin.annotation(w, NodeAnnotations.REASON);
          String booted = node(sim, w).image(FakeHost.Slot.BOOTED).orElse("");
          boolean ok =
              admin.state(w).equals("Degraded")
                  && reason.startsWith("health check node-ready failed after boot into " + built)
                  && booted.equals(baseImage);
          return Seen.of(
              ok, w + ": state=" + admin.state(w) + ", booted " + booted + ", " + reason);
        })) {
      return;
    }
    if (!t.await(
        "the rollout halts: the other workers never get the image",
        Duration.ofSeconds(20),
        () -> {
          String halted =
              admin
                  .condition(POOL, "RolloutHalted")
                  .filter(c -> "True".equals(c.getStatus()))
                  .map(c -> c.getMessage())
                  .orElse("");
          long others =
              workers.stream()
                  .filter(w -> !w.equals(first[0]))
                  .filter(w -> admin.annotation(w, NodeAnnotations.DESIRED_IMAGE).isEmpty())
                  .count();
          return Seen.of(
              halted.contains(first[0] + ": \"health check") && others == workers.size() - 1,
              others + " of " + (workers.size() - 1) + " other workers untouched; " + halted);
        })) {
      return;
    }
    t.info("kubectl delete machineosconfig worker   # back out of the bad image");
    sim.client().resources(MachineOSConfig.class).withName(POOL).delete();
    t.await(
        "the pool heals: every worker Done on the base image, the halt lifted",
        WAIT,
        () -> {
          long done =
              workers.stream()
                  .filter(w -> admin.state(w).equals("Done"))
                  .filter(w -> admin.annotation(w, NodeAnnotations.DESIRED_IMAGE).isEmpty())
                  .count();
          String halted =
              admin.condition(POOL, "RolloutHalted").map(c -> c.getStatus()).orElse("absent");
          String first0 =
              first[0]
                  + ": state="
                  + admin.state(first[0])
                  + ", desiredImage="
                  + admin.annotation(first[0], NodeAnnotations.DESIRED_IMAGE)
                  + ", reason="
                  + admin.annotation(first[0], NodeAnnotations.REASON);
          return Seen.of(
              done == workers.size() && halted.equals("False"),
              done + "/" + workers.size() + " Done; RolloutHalted " + halted + "; " + first0);
        });
  }

  private static FakeHost node(SimCluster sim, String name) {
    try {
      return sim.node(name).host();
    } catch (SimException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void pause(SimCluster sim, boolean paused) {
    // A merge patch: no conflict with the controller's status writes (an edit could 409).
    sim.client()
        .resources(MachineConfigPool.class)
        .withName(POOL)
        .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"spec\":{\"paused\":" + paused + "}}");
  }
}
