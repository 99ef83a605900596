package io.ocelot.sim;

import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.controller.imagebuild.SimulatedImageBuilder;
import io.ocelot.fakehost.FakeHost;

/** Applies a {@link Fault} to the running cluster and says, for a person, what it did. */
final class Faults {
  private Faults() {}

  static String apply(Fault fault, SimCluster sim, SimulatedImageBuilder builder)
      throws SimException {
    if (fault instanceof Fault.BreakReboot f) {
      FakeHost h = sim.node(f.node()).host();
      if (h.isBroken("systemd-run")) {
        return f.node() + ": reboots already broken";
      }
      h.breakTool("systemd-run");
      return f.node() + ": renamed usr/bin/systemd-run to usr/bin/systemd-run2; reboots fail";
    } else if (fault instanceof Fault.FixReboot f) {
      FakeHost h = sim.node(f.node()).host();
      boolean hung = h.rebootsHang();
      h.unhangReboots();
      if (h.isBroken("systemd-run")) {
        h.fixTool("systemd-run");
        return f.node() + ": renamed usr/bin/systemd-run2 back; reboots work";
      }
      return f.node() + (hung ? ": reboots come back again" : ": reboots were not broken");
    } else if (fault instanceof Fault.HangReboot f) {
      sim.node(f.node()).host().hangReboots();
      return f.node() + ": the next reboot never comes back (until fix-reboot)";
    } else if (fault instanceof Fault.BootOld f) {
      sim.node(f.node())
          .host()
          .failNextFinalize(
              "error: Finalizing staged deployment: (simulated by ocelot fault boot-old)");
      return f.node() + ": the next boot lands in the old deployment";
    } else if (fault instanceof Fault.FailHealth f) {
      sim.node(f.node())
          .host()
          .failHealth("kubelet did not become ready (simulated by ocelot fault fail-health)");
      return f.node()
          + ": its image's health check fails; a boot into an update rolls back (until fix-health)";
    } else if (fault instanceof Fault.FixHealth f) {
      FakeHost h = sim.node(f.node()).host();
      boolean was = h.isUnhealthy();
      h.fixHealth();
      return f.node() + (was ? ": its health check passes again" : ": its health was not broken");
    } else if (fault instanceof Fault.CrashBoot f) {
      sim.node(f.node()).host().crashBoots();
      return f.node()
          + ": boots into an update crash before the daemon runs; after 3 the boot counter"
          + " falls back (until fix-crash-boot)";
    } else if (fault instanceof Fault.FixCrashBoot f) {
      sim.node(f.node()).host().stopCrashingBoots();
      return f.node() + ": boots no longer crash";
    } else if (fault instanceof Fault.FailImageHealth f) {
      sim.nodes().forEach(n -> n.host().failHealthOf(f.image()));
      return "every node: booting " + f.image() + " fails its health check (a bad image)";
    } else if (fault instanceof Fault.FixImageHealth f) {
      sim.nodes().forEach(n -> n.host().fixHealthOf(f.image()));
      return "every node: booting " + f.image() + " passes its health check";
    } else if (fault instanceof Fault.FailImageKubelet f) {
      sim.breakKubeletOn(f.image());
      return "every node: booted into "
          + f.image()
          + ", the kubelet never reports Ready (the node-ready check rolls it back)";
    } else if (fault instanceof Fault.FixImageKubelet f) {
      sim.fixKubeletOn(f.image());
      return "every node: booted into " + f.image() + ", the kubelet reports Ready";
    } else if (fault instanceof Fault.FailPull f) {
      sim.node(f.node()).host().markUnpullable(f.image());
      return f.node() + ": pulling " + f.image() + " fails";
    } else if (fault instanceof Fault.FixPull f) {
      sim.node(f.node()).host().markPullable(f.image());
      return f.node() + ": pulling " + f.image() + " works";
    } else if (fault instanceof Fault.FillDisk f) {
      sim.node(f.node());
      SimKubelet.postEphemeralStorage(sim.client(), f.node(), SimKubelet.FULL_DISK);
      return f.node()
          + ": its kubelet reports "
          + SimKubelet.FULL_DISK
          + " of ephemeral storage; pinned images no longer fit (until free-disk)";
    } else if (fault instanceof Fault.FreeDisk f) {
      sim.node(f.node());
      SimKubelet.postEphemeralStorage(sim.client(), f.node(), ClusterSeed.EPHEMERAL_STORAGE);
      return f.node()
          + ": its kubelet reports "
          + ClusterSeed.EPHEMERAL_STORAGE
          + " of ephemeral storage";
    } else if (fault instanceof Fault.FailBuild f) {
      requirePool(sim, f.pool());
      builder.failBuilds(f.pool(), "simulated build failure (ocelot fault fail-build)");
      return "pool " + f.pool() + ": builds that finish from now on fail";
    } else if (fault instanceof Fault.FixBuild f) {
      requirePool(sim, f.pool());
      builder.succeedBuilds(f.pool());
      return "pool " + f.pool() + ": builds succeed";
    } else if (fault instanceof Fault.Drift f) {
      return HandEdits.drift(sim.node(f.node()).host().root(), f.node(), f.path());
    } else if (fault instanceof Fault.FixDrift f) {
      return HandEdits.undo(sim.node(f.node()).host().root(), f.node(), f.path());
    }
    throw new IllegalStateException("unknown fault " + fault);
  }

  private static void requirePool(SimCluster sim, String pool) throws SimException {
    if (sim.client().resources(MachineConfigPool.class).withName(pool).get() == null) {
      throw new SimException("no pool " + pool);
    }
  }
}
