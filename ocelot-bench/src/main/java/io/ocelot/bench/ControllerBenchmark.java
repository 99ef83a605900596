package io.ocelot.bench;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.controller.rollout.MaxUnavailable;
import io.ocelot.sim.BareCluster;
import io.ocelot.sim.DeployedJvm;
import io.ocelot.sim.SimException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;

/**
 * The controller at scale: the controller in a process of its own (as its Deployment runs it,
 * logged in as its ServiceAccount) on the real control plane with {@code nodes} workers whose
 * daemons are {@link NodeStandIns}. Measures its RSS and CPU holding that many nodes, how long
 * after a new rendered config it targets the first batch ({@code maxUnavailable} nodes), the
 * rollout, and how many pool status writes the rollout took (coalesced, not one per node change).
 * Prints figures; asserts nothing.
 */
public final class ControllerBenchmark {
  /** Writers of the benchmark's own requests, as many as the controller's node writers. */
  private static final int WRITERS = 8;

  private final int nodes;
  private final String maxUnavailable;
  private final int batch;
  private final List<String> javaOptions;
  private final List<String> command;
  private final Duration updateTime;
  private final Duration timeout;
  private final Report report;
  private final Waits waits;
  private final Clock clock;

  /**
   * {@code maxUnavailable}: valid for {@code nodes} ({@link MaxUnavailable}); {@code command}: the
   * controller's command line up to its own options ({@code java -cp … io.ocelot.cli.Main
   * controller}); {@code javaOptions} reach its JVM as {@code JAVA_TOOL_OPTIONS}.
   */
  public ControllerBenchmark(
      int nodes,
      String maxUnavailable,
      List<String> javaOptions,
      List<String> command,
      Duration updateTime,
      Duration timeout,
      PrintWriter out,
      Clock clock) {
    this.nodes = nodes;
    this.maxUnavailable = maxUnavailable;
    this.batch =
        ((MaxUnavailable.Count)
                MaxUnavailable.of(RolloutBenchmark.intOrString(maxUnavailable), nodes))
            .value();
    this.javaOptions = List.copyOf(javaOptions);
    this.command = List.copyOf(command);
    this.updateTime = updateTime;
    this.timeout = timeout;
    this.report = new Report(out, 44);
    this.waits = new Waits(clock);
    this.clock = clock;
  }

  /**
   * The Java options the controller's Deployment gives it ({@code JAVA_TOOL_OPTIONS} of
   * deploy/controller/02-deployment.yaml): what the benchmark measures by default.
   */
  public static List<String> deployedJavaOptions() throws IOException {
    return DeployedJvm.of(DeployedJvm.CONTROLLER).javaOptions();
  }

  /** True when every node reached the new config in time. */
  public boolean run() throws IOException, SimException, InterruptedException {
    Path dir = Files.createTempDirectory("ocelot-bench-controller");
    boolean ok = false;
    try (BareCluster cluster = BareCluster.start(dir.resolve("control-plane"), report::say)) {
      KubernetesClient admin = cluster.admin();
      patchPool(admin, "{\"spec\":{\"maxUnavailable\":" + maxUnavailableJson() + "}}");
      Path kubeconfig =
          Files.writeString(dir.resolve("controller.kubeconfig"), cluster.controllerKubeconfig());
      report.say(
          "controller: "
              + (javaOptions.isEmpty() ? "JVM defaults" : String.join(" ", javaOptions)));
      Instant started = clock.instant();
      try (BenchProcess controller = launch(kubeconfig, dir.resolve("controller.log"))) {
        ok = measure(admin, controller, started, dir.resolve("controller.log"));
      }
    }
    if (ok) {
      // etcd's data (the bulk) and the controller's credentials; a failed run keeps them for a
      // look.
      io.ocelot.sim.Trees.delete(dir.resolve("control-plane"));
      Files.deleteIfExists(dir.resolve("controller.kubeconfig"));
    }
    report.say("the controller's log: " + dir.resolve("controller.log"));
    return ok;
  }

  private boolean measure(
      KubernetesClient admin, BenchProcess controller, Instant started, Path log)
      throws IOException, InterruptedException {
    long pid = controller.pid();
    Optional<String> rendered = awaitConfiguration(admin, null, started.plusSeconds(120));
    if (rendered.isEmpty() || !controller.alive()) {
      report.say("the controller did not render the worker pool; its log: " + log);
      return false;
    }
    report.figure("controller's first render after start", seconds(started));
    Instant created0 = clock.instant();
    createNodes(admin, rendered.get());
    Duration creating = Duration.between(created0, clock.instant());
    report.figure(
        "nodes created",
        String.format(
            "%d in %.1f s (%.0f per second)",
            nodes,
            creating.toMillis() / 1000.0,
            nodes * 1000.0 / Math.max(1, creating.toMillis())));
    try (NodeStandIns standIns = new NodeStandIns(admin, updateTime, 8)) {
      Instant counted0 = clock.instant();
      if (!await(() -> poolCounts(admin, nodes), counted0.plus(timeout))) {
        report.say("the pool did not count all " + nodes + " nodes; the controller's log: " + log);
        return false;
      }
      report.figure("pool counts every node", seconds(counted0));
      if (!controller.alive()) {
        report.say("the controller exited; its log: " + log);
        return false;
      }
      long ticks0 = Procfs.cpuTicks(pid);
      Instant idle0 = clock.instant();
      Thread.sleep(10_000);
      report.figure(
          "controller holding them, idle",
          String.format(
              "RSS %.0f MiB, %d threads, CPU %.0f ms per second",
              Procfs.status(pid, "VmRSS:") / 1024.0,
              Procfs.status(pid, "Threads:"),
              Procfs.cpuMsPerSecond(
                  Procfs.cpuTicks(pid) - ticks0, Duration.between(idle0, clock.instant()))));
      report.figure("node writes, nothing else asking", nodeWriteRate(admin));
      return rollout(admin, standIns, rendered.get(), pid, log);
    }
  }

  private boolean rollout(
      KubernetesClient admin, NodeStandIns standIns, String before, long pid, Path log)
      throws IOException, InterruptedException {
    try (PoolStatusWrites writes = PoolStatusWrites.watch(admin, "worker")) {
      long ticks0 = Procfs.cpuTicks(pid);
      Instant changed = clock.instant();
      admin.resources(MachineConfig.class).resource(DaemonBenchmark.sshKey()).create();
      report.figure("new MachineConfig written", seconds(changed));
      // Rendered: the pool names the new config, or (should the controller target first) a node
      // is told to go to it, whichever is seen first.
      Optional<String> next = awaitRendered(admin, standIns, before, changed.plus(timeout));
      if (next.isEmpty()) {
        report.say("no new rendered config; the controller's log: " + log);
        return false;
      }
      Instant renderedAt = clock.instant();
      report.figure("new MachineConfig → new rendered config", seconds(changed));
      if (!await(() -> standIns.targeted(next.get()) >= 1, renderedAt.plus(timeout))) {
        report.say("no node targeted; the controller's log: " + log);
        return false;
      }
      report.figure("rendered config → first node targeted", seconds(renderedAt));
      if (!await(() -> standIns.targeted(next.get()) >= batch, renderedAt.plus(timeout))) {
        report.say("the first batch was not targeted; the controller's log: " + log);
        return false;
      }
      report.figure(
          "rendered config → first batch targeted", seconds(renderedAt) + " (" + batch + " nodes)");
      boolean done = await(() -> standIns.updatedTo(next.get()) >= nodes, renderedAt.plus(timeout));
      Duration rollout = Duration.between(renderedAt, clock.instant());
      report.figure(
          "rollout",
          done
              ? String.format("%.1f s for %d nodes", rollout.toMillis() / 1000.0, nodes)
              : "not finished in " + timeout.toSeconds() + " s: " + standIns.updatedTo(next.get()));
      // The status the pool settles to after the last node, then what it took.
      await(() -> poolUpdated(admin, next.get()), clock.instant().plusSeconds(30));
      report.figure(
          "pool status writes during the rollout",
          String.format(
              "%d (%.3f per node update; %d node writes seen)",
              writes.statusWrites(),
              writes.statusWrites() / (double) nodes,
              standIns.nodeEvents()));
      report.figure(
          "controller CPU during the rollout",
          String.format("%.1f s", (Procfs.cpuTicks(pid) - ticks0) / 100.0));
      report.figure(
          "controller RSS after it / peak",
          String.format(
              "%.0f MiB / %.0f MiB (VmHWM)",
              Procfs.status(pid, "VmRSS:") / 1024.0, Procfs.status(pid, "VmHWM:") / 1024.0));
      report.figure("stand-ins' failed writes", Integer.toString(standIns.failedWrites()));
      return done;
    }
  }

  private BenchProcess launch(Path kubeconfig, Path log) throws IOException {
    List<String> argv = new ArrayList<>(command);
    argv.addAll(
        List.of(
            "--kubeconfig=" + kubeconfig,
            "--metrics-address=127.0.0.1:0",
            "--base-os-image=" + BareCluster.baseImage(),
            "--builder=simulated",
            "--identity=ocelot-controller-bench"));
    return BenchProcess.start(argv, Map.of(), javaOptions, log);
  }

  /**
   * How fast this control plane takes node writes when nothing else asks for much (the controller
   * and the stand-ins only watch): a first batch's worth of one-annotation merge patches from
   * {@link #WRITERS} writers, as the controller writes its targets. On this machine the first batch
   * cannot be targeted faster than this.
   */
  private String nodeWriteRate(KubernetesClient admin) throws InterruptedException {
    String patch = "{\"metadata\":{\"annotations\":{\"ocelot.io/bench-write\":\"1\"}}}";
    Instant start = clock.instant();
    onWriters(
        "write a node",
        batch,
        i ->
            () ->
                admin
                    .nodes()
                    .withName(BareCluster.workerName(i))
                    .patch(PatchContext.of(PatchType.JSON_MERGE), patch),
        done -> {});
    Duration took = Duration.between(start, clock.instant());
    return String.format(
        "%d in %.2f s (%.0f per second, %d writers)",
        batch, took.toMillis() / 1000.0, batch * 1000.0 / Math.max(1, took.toMillis()), WRITERS);
  }

  /** Creates the workers as kubelets registering would, Done on {@code rendered}. */
  private void createNodes(KubernetesClient admin, String rendered) throws InterruptedException {
    Instant now = clock.instant();
    onWriters(
        "create a node",
        nodes,
        i -> () -> admin.nodes().resource(BareCluster.worker(i, rendered, now)).create(),
        done -> {
          if (done % 1000 == 0) {
            report.say("  " + done + " nodes created");
          }
        });
  }

  /**
   * Runs {@code count} requests on {@link #WRITERS} threads and waits for them all, telling {@code
   * progress} how many are done, in order; the first that fails stops the benchmark.
   */
  private static void onWriters(
      String what, int count, IntFunction<Callable<?>> request, IntConsumer progress)
      throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    try {
      List<Future<?>> sent = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        sent.add(pool.submit(request.apply(i)));
      }
      for (int i = 0; i < sent.size(); i++) {
        sent.get(i).get();
        progress.accept(i + 1);
      }
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot " + what + ": " + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private Optional<String> awaitConfiguration(KubernetesClient admin, String other, Instant until)
      throws InterruptedException {
    return waits.first(
        () ->
            Optional.ofNullable(pool(admin).getSpec().getConfiguration())
                .map(PoolConfiguration::getName)
                .filter(n -> !n.equals(other)),
        until);
  }

  private Optional<String> awaitRendered(
      KubernetesClient admin, NodeStandIns standIns, String before, Instant until)
      throws InterruptedException {
    return waits.first(
        () ->
            Optional.ofNullable(pool(admin).getSpec().getConfiguration())
                .map(PoolConfiguration::getName)
                .filter(n -> !n.equals(before))
                .or(() -> standIns.targetOtherThan(before)),
        until);
  }

  private boolean poolCounts(KubernetesClient admin, int count) {
    var status = pool(admin).getStatus();
    return status != null
        && status.getMachineCount() == count
        && status.getReadyMachineCount() == count;
  }

  private boolean poolUpdated(KubernetesClient admin, String config) {
    MachineConfigPool p = pool(admin);
    return p.getStatus() != null
        && p.getStatus().getConfiguration() != null
        && config.equals(p.getStatus().getConfiguration().getName())
        && p.getStatus().getUpdatedMachineCount() == nodes;
  }

  private static MachineConfigPool pool(KubernetesClient admin) {
    return admin.resources(MachineConfigPool.class).withName("worker").get();
  }

  private void patchPool(KubernetesClient admin, String json) {
    admin
        .resources(MachineConfigPool.class)
        .withName("worker")
        .patch(PatchContext.of(PatchType.JSON_MERGE), json);
  }

  private String maxUnavailableJson() {
    return Serialization.asJson(RolloutBenchmark.intOrString(maxUnavailable));
  }

  private boolean await(BooleanSupplier condition, Instant until) throws InterruptedException {
    return waits.until(condition::getAsBoolean, until);
  }

  private String seconds(Instant since) {
    return waits.since(since);
  }

  /** The report's figures, label → value, in the order said (empty until it ran). */
  public Map<String, String> figures() {
    return report.figures();
  }
}
