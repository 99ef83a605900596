package io.ocelot.cli;

import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.bench.ControllerBenchmark;
import io.ocelot.bench.DaemonBenchmark;
import io.ocelot.bench.MachineBenchmark;
import io.ocelot.bench.RolloutBenchmark;
import io.ocelot.controller.rollout.MaxUnavailable;
import io.ocelot.sim.ImagePulls;
import io.ocelot.sim.SimException;
import io.ocelot.sim.SimSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ocelot bench rollout|daemon|controller}: Ocelot measured on simulated clusters. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Benchmarks on a simulated cluster (temporary state dir, free ports). 'rollout': N workers"
          + " roll a layered image out within maxUnavailable; prints start-up time, peak RSS,"
          + " makespan and its ratio to the ideal, node writes and events per node update, and"
          + " the API request rate; with --pull-seconds it runs the rollout without and with"
          + " stage ahead and prints the makespan and each node's unavailable time side by side."
          + " Exit 0 when every worker reached the image. 'daemon': one"
          + " daemon in a JVM of its own (its own image's class path, the DaemonSet's Java"
          + " options) manages a one-worker sim on"
          + " the real control plane; prints its start-up time, idle RSS and CPU, Native Memory"
          + " Tracking's summary and its peak RSS through one update. 'controller': the controller"
          + " in a JVM of its own with N workers (--workers) on the real control plane, their"
          + " daemons played by cheap stand-ins; prints its RSS and CPU, the time from a new"
          + " rendered config to the first batch targeted, the rollout and its pool status writes."
          + " 'machines': N machine nodes (--machines) and a simulated worker on the real control"
          + " plane; prints the machines' boot and daemon start-up, memory and idle CPU per"
          + " machine, and a rebooting update's time on each node."
    })
final class BenchCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      defaultValue = "rollout",
      description = "The benchmark: rollout, daemon, controller or machines.")
  String benchmark;

  @Option(
      names = "--idle-seconds",
      defaultValue = "60",
      description =
          "daemon, machines: how long they idle before the update (default: ${DEFAULT-VALUE}).")
  long idleSeconds;

  @Option(
      names = "--java-options",
      description =
          "daemon, controller: that JVM's options, space-separated (default: the DaemonSet's"
              + " JAVA_TOOL_OPTIONS in deploy/daemon/03-daemonset.yaml, the controller"
              + " Deployment's in deploy/controller/02-deployment.yaml).")
  String javaOptions;

  @Option(
      names = "--daemon-from",
      defaultValue = "image",
      description =
          "daemon: run the daemon from its own image (ocelot-daemon/target/image: DaemonMain on"
              + " the daemon's lean class path, as the DaemonSet does) or from this CLI's class"
              + " path (`ocelot daemon`): image or cli (default: ${DEFAULT-VALUE}).")
  String daemonFrom;

  @Option(
      names = "--record-class-list",
      description =
          "daemon (image): record the classes the daemon loads into"
              + " ocelot-daemon/src/image/daemon.classlist, the list its image's class-data sharing"
              + " archive is dumped from (measured without the archive); commit the file.")
  boolean recordClassList;

  @Option(names = "--workers", defaultValue = "1000", description = "Workers (default: 1000).")
  int workers;

  @Option(
      names = "--max-unavailable",
      defaultValue = "10%",
      description = "The worker pool's maxUnavailable (default: ${DEFAULT-VALUE}).")
  String maxUnavailable;

  @Option(
      names = "--machines",
      defaultValue = "2",
      description = "machines: how many machine nodes (default: ${DEFAULT-VALUE}).")
  int machines;

  @Option(
      names = "--ostree",
      negatable = true,
      description =
          "machines: they boot from real ostree deployments (the default); --no-ostree: from an"
              + " overlay of the base.")
  Boolean ostree;

  @CommandLine.Mixin SimTimings timings;

  @Option(
      names = "--pull-seconds",
      defaultValue = "0",
      description =
          "rollout: how long a node's pull of the new OS image takes (the image's size follows"
              + " from --pull-speed). Above 0 the rollout runs twice, without and with stage ahead,"
              + " and prints both side by side (default: ${DEFAULT-VALUE}).")
  double pullSeconds;

  @Option(
      names = "--concurrent-pulls",
      defaultValue = "100%",
      description =
          "rollout with --pull-seconds: the stage-ahead run's maxConcurrentPulls, a count or a"
              + " percent of the workers (default: ${DEFAULT-VALUE}).")
  String concurrentPulls;

  @Option(
      names = "--timeout-minutes",
      defaultValue = "30",
      description = "Give up on the rollout after this long (default: ${DEFAULT-VALUE}).")
  long timeoutMinutes;

  @Override
  public Integer call() throws Exception {
    if (!timings.valid(spec.commandLine().getErr())) {
      return ExitCodes.UNREADABLE;
    }
    var err = spec.commandLine().getErr();
    if (benchmark.equals("daemon")) {
      return daemon();
    }
    if (benchmark.equals("machines")) {
      return machines();
    }
    if (!benchmark.equals("rollout") && !benchmark.equals("controller")) {
      err.println(
          "error: no benchmark "
              + benchmark
              + "; benchmarks: rollout, daemon, controller, machines");
      return ExitCodes.UNREADABLE;
    }
    if (MaxUnavailable.of(RolloutBenchmark.intOrString(maxUnavailable), workers)
        instanceof MaxUnavailable.Invalid invalid) {
      err.println("error: --max-unavailable: " + invalid.message());
      return ExitCodes.UNREADABLE;
    }
    if (benchmark.equals("controller")) {
      return controller();
    }
    if (pullSeconds < 0) {
      err.println("error: --pull-seconds cannot be negative");
      return ExitCodes.UNREADABLE;
    }
    if (MaxUnavailable.of(RolloutBenchmark.intOrString(concurrentPulls), workers)
        instanceof MaxUnavailable.Invalid invalid) {
      err.println(
          "error: --concurrent-pulls: " + invalid.message().replace("\"maxUnavailable\" ", ""));
      return ExitCodes.UNREADABLE;
    }
    ImagePulls pulls =
        pullSeconds > 0
            ? ImagePulls.taking(
                Duration.ofMillis(Math.round(pullSeconds * 1000)), timings.pullSpeed)
            : timings.pulls();
    timings.applyLogging();
    var out = spec.commandLine().getOut();
    boolean ok = true;
    Map<ControlPlaneMode, Map<String, String>> runs = new LinkedHashMap<>();
    for (ControlPlaneMode mode : timings.controlPlanes()) {
      SimSettings settings =
          SimSettings.defaults(Path.of("unused"))
              .onFreePorts()
              .withWorkers(workers)
              .withTimes(timings.rebootTime(), timings.buildTime())
              .withPulls(pulls)
              .withControlPlane(mode);
      RolloutBenchmark bench =
          new RolloutBenchmark(
              settings,
              maxUnavailable,
              Duration.ofMinutes(timeoutMinutes),
              pullSeconds > 0 ? Optional.of(concurrentPulls) : Optional.empty(),
              out);
      ok &= bench.run();
      runs.put(mode, bench.figures());
    }
    if (runs.size() > 1) {
      out.println();
      out.println(SideBySide.table(runs));
      out.flush();
    }
    return ok ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private int machines() throws Exception {
    if (machines < 1) {
      spec.commandLine().getErr().println("error: --machines must be at least 1");
      return ExitCodes.UNREADABLE;
    }
    timings.applyLogging();
    SimSettings settings =
        new SimSettings(
                machines + 1,
                0,
                Path.of("unused"),
                false,
                0,
                0,
                timings.rebootTime(),
                timings.buildTime(),
                SimSettings.defaults(Path.of("unused")).retryCap(),
                ControlPlaneMode.KUBE)
            .withMachines(SimCommand.machines(machines, ostree));
    try {
      boolean ok =
          new MachineBenchmark(
                  settings, Duration.ofSeconds(idleSeconds), spec.commandLine().getOut())
              .run();
      return ok ? ExitCodes.OK : ExitCodes.INVALID;
    } catch (SimException e) {
      spec.commandLine().getErr().println("error: " + e.getMessage());
      return ExitCodes.INVALID;
    }
  }

  private int controller() throws Exception {
    timings.applyLogging();
    List<String> options =
        javaOptions == null
            ? ControllerBenchmark.deployedJavaOptions()
            : List.of(javaOptions.strip().split("\\s+"));
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ControllerBenchmark bench =
        new ControllerBenchmark(
            workers,
            maxUnavailable,
            options,
            List.of(
                javaBin,
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "controller"),
            Duration.ofSeconds(2),
            Duration.ofMinutes(timeoutMinutes),
            spec.commandLine().getOut(),
            java.time.Clock.systemUTC());
    return bench.run() ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private int daemon() throws Exception {
    List<String> options =
        javaOptions == null
            ? DaemonBenchmark.deployedJavaOptions()
            : List.of(javaOptions.strip().split("\\s+"));
    var out = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command;
    if (daemonFrom.equals("cli")) {
      command =
          List.of(
              javaBin,
              "-cp",
              System.getProperty("java.class.path"),
              Main.class.getName(),
              "daemon");
    } else if (daemonFrom.equals("image")) {
      DaemonImage image = DaemonImage.ofThisCheckout();
      if (!image.exists()) {
        err.println(
            "error: no daemon image at "
                + image.dir()
                + " (mvn -B package -DskipTests -pl ocelot-daemon -am builds it);"
                + " or --daemon-from=cli");
        return ExitCodes.UNREADABLE;
      }
      out.println("daemon image: " + image.dir());
      if (recordClassList) {
        command = image.recordingCommand(image.sourceClassList());
        out.println("recording the classes it loads into " + image.sourceClassList());
      } else {
        image.buildArchive(out);
        command = image.command();
      }
    } else {
      err.println("error: --daemon-from must be image or cli");
      return ExitCodes.UNREADABLE;
    }
    DaemonBenchmark bench =
        new DaemonBenchmark(
            options,
            command,
            Duration.ofSeconds(idleSeconds),
            !recordClassList, // a second daemon would record over the first's list
            out,
            java.time.Clock.systemUTC());
    return bench.run() ? ExitCodes.OK : ExitCodes.INVALID;
  }
}
