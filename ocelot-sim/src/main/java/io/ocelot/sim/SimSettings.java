package io.ocelot.sim;

import io.ocelot.apiserver.ControlPlaneMode;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How big the simulated cluster is, where it keeps its state, where it listens, and how long its
 * slow things take. Port 0 picks a free port. The daemon and controller timings are MCO's,
 * shortened so that a failing node retries within seconds rather than minutes. The control plane:
 * the real one where it can run ({@code auto}), or as asked.
 */
public record SimSettings(
    int workers,
    int masters,
    Path stateDir,
    boolean reset,
    int apiPort,
    int httpPort,
    Duration rebootTime,
    Duration buildTime,
    Duration retryCap,
    ControlPlaneMode controlPlane,
    MachineSettings machines,
    ImagePulls pulls) {

  public static final int DEFAULT_API_PORT = 6443;
  public static final int DEFAULT_HTTP_PORT = 8080;

  public SimSettings {
    if (workers < 0 || masters < 0 || workers + masters == 0) {
      throw new IllegalArgumentException("a cluster needs at least one node");
    }
    if (machines.count() > workers) {
      throw new IllegalArgumentException(
          "--machines "
              + machines.count()
              + " is more than the "
              + workers
              + " workers: machines are the first workers");
    }
  }

  /** Image pulls instant (as before they had a cost). */
  public SimSettings(
      int workers,
      int masters,
      Path stateDir,
      boolean reset,
      int apiPort,
      int httpPort,
      Duration rebootTime,
      Duration buildTime,
      Duration retryCap,
      ControlPlaneMode controlPlane,
      MachineSettings machines) {
    this(
        workers,
        masters,
        stateDir,
        reset,
        apiPort,
        httpPort,
        rebootTime,
        buildTime,
        retryCap,
        controlPlane,
        machines,
        ImagePulls.INSTANT);
  }

  /** Every node simulated. */
  public SimSettings(
      int workers,
      int masters,
      Path stateDir,
      boolean reset,
      int apiPort,
      int httpPort,
      Duration rebootTime,
      Duration buildTime,
      Duration retryCap,
      ControlPlaneMode controlPlane) {
    this(
        workers,
        masters,
        stateDir,
        reset,
        apiPort,
        httpPort,
        rebootTime,
        buildTime,
        retryCap,
        controlPlane,
        MachineSettings.none());
  }

  public static SimSettings defaults(Path stateDir) {
    return new SimSettings(
        3,
        1,
        stateDir,
        false,
        DEFAULT_API_PORT,
        DEFAULT_HTTP_PORT,
        Duration.ofSeconds(3),
        Duration.ofSeconds(2),
        Duration.ofSeconds(8),
        ControlPlaneMode.AUTO);
  }

  /**
   * One worker and no master on the real control plane, free ports, reboots and builds of a second:
   * what a benchmark or a test of one node's daemon needs.
   */
  public static SimSettings oneWorker(Path stateDir) {
    return new SimSettings(
        1,
        0,
        stateDir,
        false,
        0,
        0,
        Duration.ofSeconds(1),
        Duration.ofSeconds(1),
        Duration.ofSeconds(8),
        ControlPlaneMode.KUBE);
  }

  /** Free ports: for demos and tests that must not collide with a running sim. */
  public SimSettings onFreePorts() {
    return change(
        f -> {
          f.apiPort = 0;
          f.httpPort = 0;
        });
  }

  /** A fresh cluster in {@code dir} (demos and benchmarks use a temporary one). */
  public SimSettings inFreshDir(Path dir) {
    return change(
        f -> {
          f.stateDir = dir;
          f.reset = false;
        });
  }

  public SimSettings withWorkers(int n) {
    return change(f -> f.workers = n);
  }

  public SimSettings withControlPlane(ControlPlaneMode mode) {
    return change(f -> f.controlPlane = mode);
  }

  public SimSettings withTimes(Duration reboot, Duration build) {
    return change(
        f -> {
          f.rebootTime = reboot;
          f.buildTime = build;
        });
  }

  /** The first {@code machines.count()} workers as machines. */
  public SimSettings withMachines(MachineSettings machines) {
    return change(f -> f.machines = machines);
  }

  /** What an image pull costs on every node. */
  public SimSettings withPulls(ImagePulls pulls) {
    return change(f -> f.pulls = pulls);
  }

  /** A copy with what {@code edit} changes (the withers' one constructor call). */
  private SimSettings change(java.util.function.Consumer<Fields> edit) {
    Fields f = new Fields(this);
    edit.accept(f);
    return new SimSettings(
        f.workers,
        f.masters,
        f.stateDir,
        f.reset,
        f.apiPort,
        f.httpPort,
        f.rebootTime,
        f.buildTime,
        f.retryCap,
        f.controlPlane,
        f.machines,
        f.pulls);
  }

  /** The fields of a copy being made. */
  private static final class Fields {
    int workers;
    int masters;
    Path stateDir;
    boolean reset;
    int apiPort;
    int httpPort;
    Duration rebootTime;
    Duration buildTime;
    Duration retryCap;
    ControlPlaneMode controlPlane;
    MachineSettings machines;
    ImagePulls pulls;

    Fields(SimSettings s) {
      workers = s.workers;
      masters = s.masters;
      stateDir = s.stateDir;
      reset = s.reset;
      apiPort = s.apiPort;
      httpPort = s.httpPort;
      rebootTime = s.rebootTime;
      buildTime = s.buildTime;
      retryCap = s.retryCap;
      controlPlane = s.controlPlane;
      machines = s.machines;
      pulls = s.pulls;
    }
  }
}
