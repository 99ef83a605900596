package io.ocelot.cli;

import io.ocelot.runtime.ShutdownGate;
import io.ocelot.sim.MachineSettings;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimException;
import io.ocelot.sim.SimSettings;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ocelot sim}: the whole system on this machine. */
@Command(
    name = "sim",
    mixinStandardHelpOptions = true,
    description = {
      "Run a simulated cluster on this machine: a Kubernetes control plane (use kubectl with"
          + " <state-dir>/kubeconfig), the controller, and one daemon per node on a simulated host"
          + " root under <state-dir>/nodes/. Break nodes by changing their roots or with 'ocelot"
          + " fault'. Runs until Ctrl-C."
    })
final class SimCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--workers", defaultValue = "3", description = "Worker nodes (default: 3).")
  int workers;

  @Option(names = "--masters", defaultValue = "1", description = "Master nodes (default: 1).")
  int masters;

  @Option(
      names = "--state-dir",
      defaultValue = ".ocelot",
      description = "Kubeconfig and host roots (default: ${DEFAULT-VALUE}).")
  Path stateDir;

  @Option(
      names = "--reset",
      description = "Delete a state dir left by an earlier run and start a fresh cluster there.")
  boolean reset;

  @Option(
      names = "--api-port",
      defaultValue = "6443",
      description = "API server port on 127.0.0.1, 0 for any (default: ${DEFAULT-VALUE}).")
  int apiPort;

  @Option(
      names = "--http-port",
      defaultValue = "8080",
      description = "/metrics, /healthz and the fault API, 0 for any (default: ${DEFAULT-VALUE}).")
  int httpPort;

  @Option(
      names = "--machines",
      defaultValue = "0",
      description =
          "The first N workers are real machines: Debian roots booted with systemd in"
              + " systemd-nspawn containers, the daemon on each as its DaemonSet pod runs it. Needs"
              + " root, systemd-container, debootstrap and ostree; the first run builds their"
              + " base (a few minutes; cached). (default: ${DEFAULT-VALUE})")
  int machines;

  @Option(names = "--ostree", negatable = true, description = OSTREE_HELP)
  Boolean ostree;

  static final String OSTREE_HELP =
      "Machines boot from real ostree deployments (the default): the OS image is an ostree"
          + " commit, the rpm-ostree and bootc stand-ins stage and roll back ostree deployments,"
          + " ostree finalizes an update at shutdown and /etc gets its three-way merge; needs"
          + " ostree on this computer. --no-ostree: an overlay of the base instead, the OS image"
          + " kept by the stand-ins in files.";

  /** {@code n} machines, from ostree deployments unless {@code ostree} (when given) says not. */
  static MachineSettings machines(int n, Boolean ostree) throws java.net.URISyntaxException {
    MachineSettings s = MachineSettings.of(n, DaemonImage.ofThisCheckout().dir(), System.getenv());
    return ostree == null ? s : s.withOstree(ostree);
  }

  @CommandLine.Mixin SimTimings timings;

  @Override
  public Integer call() throws Exception {
    var err = spec.commandLine().getErr();
    var out = spec.commandLine().getOut();
    timings.applyLogging();
    SimSettings settings;
    try {
      settings =
          new SimSettings(
                  workers,
                  masters,
                  stateDir,
                  reset,
                  apiPort,
                  httpPort,
                  timings.rebootTime(),
                  timings.buildTime(),
                  SimSettings.defaults(stateDir).retryCap(),
                  timings.controlPlane())
              .withMachines(machines(machines, ostree))
              .withPulls(timings.pulls());
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return ExitCodes.UNREADABLE;
    }
    // SIGTERM / Ctrl-C: let the main thread stop the cluster before the JVM exits.
    ShutdownGate gate = new ShutdownGate("ocelot-sim-shutdown");
    try (SimCluster sim =
        SimCluster.start(
            settings,
            line -> {
              out.println(line);
              out.flush();
            })) {
      gate.arm();
      out.println(
          "ready. try: kubectl --kubeconfig " + sim.state().kubeconfig() + " get nodes,mcp");
      String example = workers > 1 ? "worker-1" : workers == 1 ? "worker-0" : "master-0";
      out.println("     ocelot fault break-reboot " + example + " --state-dir " + stateDir);
      out.println("Ctrl-C stops the cluster.");
      out.flush();
      gate.awaitStop();
      out.println("stopping");
      out.flush();
    } catch (SimException e) {
      err.println("error: " + e.getMessage());
      gate.release();
      return ExitCodes.INVALID;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    // Said before the shutdown hook is released: after that the JVM may exit at any moment.
    out.println("stopped");
    out.flush();
    gate.release();
    return ExitCodes.OK;
  }
}
