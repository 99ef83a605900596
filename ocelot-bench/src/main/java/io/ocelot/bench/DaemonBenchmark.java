package io.ocelot.bench;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.sim.DeployedJvm;
import io.ocelot.sim.PodCredentials;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimException;
import io.ocelot.sim.SimSettings;
import io.ocelot.sim.Trees;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The daemon's footprint as deployed: a daemon in a JVM of its own (the given command, Java options
 * in {@code JAVA_TOOL_OPTIONS}, the DaemonSet's environment) manages the one worker of a sim on the
 * real control plane, configured in-cluster as in its pod: the daemon ServiceAccount's token bound
 * to its pod, in a token file, and the cluster's CA file ({@link PodCredentials}). Measures how
 * long it takes to be ready (its first sync, which waits for the node watch's listing: {@code
 * mcd_state} appears on /metrics), its RSS, threads and CPU while idle, and its peak RSS through
 * one update (an SSH key: no reboot, which would start the sim's own daemon again); then where the
 * memory of a second, idle daemon goes (Native Memory Tracking, which costs memory itself, through
 * {@code jcmd}). Prints figures; asserts nothing.
 */
public final class DaemonBenchmark {
  private static final String NODE = "worker-0";

  /** The last step of a first sync that finds its node Done: watching its files for drift. */
  static final String FIRST_SYNC_DONE = "config drift monitor started";

  private final List<String> javaOptions;
  private final List<String> command;
  private final Duration idle;
  private final boolean breakdown;
  private final Report report;
  private final Clock clock;
  private final Waits waits;

  /**
   * {@code command}: the daemon's command line up to its own options (e.g. {@code sh
   * image/bin/ocelot-daemon}, or {@code java -cp ocelot.jar io.ocelot.cli.Main daemon}). {@code
   * breakdown}: also start the second daemon for Native Memory Tracking's breakdown.
   */
  public DaemonBenchmark(
      List<String> javaOptions,
      List<String> command,
      Duration idle,
      boolean breakdown,
      PrintWriter out,
      Clock clock) {
    this.javaOptions = List.copyOf(javaOptions);
    this.command = List.copyOf(command);
    this.idle = idle;
    this.breakdown = breakdown;
    this.report = new Report(out, 22);
    this.clock = clock;
    this.waits = new Waits(clock);
  }

  /**
   * The Java options the DaemonSet gives the daemon ({@code JAVA_TOOL_OPTIONS} of
   * deploy/daemon/03-daemonset.yaml, as the sim carries it): what the benchmark measures by
   * default.
   */
  public static List<String> deployedJavaOptions() throws IOException {
    return DeployedJvm.of(DeployedJvm.DAEMON).javaOptions();
  }

  /** True when the daemon became ready and applied the update. */
  public boolean run() throws IOException, SimException, InterruptedException {
    Path dir = Files.createTempDirectory("ocelot-bench-daemon");
    try {
      return runIn(dir);
    } finally {
      // The control plane's data, the node's root and the pod's token: tens of MiB a run; the
      // logs stay for a look.
      Trees.delete(dir.resolve("state"));
      Trees.delete(dir.resolve("pod"));
      report.say("the daemon's log: " + dir.resolve("daemon.log"));
    }
  }

  private boolean runIn(Path dir) throws IOException, SimException, InterruptedException {
    SimSettings settings = SimSettings.oneWorker(dir.resolve("state"));
    try (SimCluster sim = SimCluster.start(settings, line -> {})) {
      Map<String, String> pod =
          PodCredentials.of(sim.node(NODE).handOver()).writeForLocalProcess(dir.resolve("pod"));
      report.say("daemon: " + String.join(" ", javaOptions));
      Map<String, String> env = DeployedJvm.of(DeployedJvm.DAEMON).environment();
      if (!env.isEmpty()) {
        report.say("daemon environment: " + env);
      }
      Path root = sim.node(NODE).host().root();
      Instant started = clock.instant();
      boolean ok;
      try (BenchProcess daemon = launch(javaOptions, env, pod, root, dir.resolve("daemon.log"))) {
        ok = measure(sim, daemon, started, dir);
      }
      if (ok && breakdown) {
        // Native Memory Tracking costs memory of its own: a second daemon, only for the breakdown.
        List<String> tracked = new ArrayList<>(javaOptions);
        tracked.add("-XX:NativeMemoryTracking=summary");
        Path log = dir.resolve("daemon-nmt.log");
        try (BenchProcess again = launch(tracked, env, pod, root, log)) {
          Instant deadline = clock.instant().plusSeconds(60);
          if (awaitReady(again, log, deadline)
              && awaitLogLine(again, log, FIRST_SYNC_DONE, deadline)) {
            nativeMemory(again.pid());
          }
        }
      }
      return ok;
    }
  }

  /** The daemon as its pod starts it: options in JAVA_TOOL_OPTIONS, credentials as mounted. */
  private BenchProcess launch(
      List<String> options, Map<String, String> env, Map<String, String> pod, Path root, Path log)
      throws IOException {
    List<String> argv = new ArrayList<>(command);
    argv.addAll(
        List.of(
            "--node=" + NODE,
            "--host-root=" + root,
            "--host=simulated",
            "--metrics-address=127.0.0.1:0"));
    Map<String, String> environment = new HashMap<>(env);
    environment.putAll(pod);
    environment.put("NODE_NAME", NODE);
    return BenchProcess.start(argv, environment, options, log);
  }

  /**
   * Waits until the daemon serves {@code mcd_state} (its first sync has begun: the node watch has
   * listed), on the port its start line names; false, having said so, when it died or the deadline
   * passed.
   */
  private boolean awaitReady(BenchProcess daemon, Path log, Instant deadline)
      throws InterruptedException {
    HttpClient http = HttpClient.newHttpClient();
    return await(
        daemon,
        deadline,
        "the daemon did not become ready; its log: " + log,
        () -> {
          Optional<URI> metrics = Procfs.metricsUri(log);
          return metrics.isPresent() && scrape(http, metrics.get()).contains("mcd_state{");
        });
  }

  /** True once the daemon's log has a line containing {@code text}; false (said) otherwise. */
  private boolean awaitLogLine(BenchProcess daemon, Path log, String text, Instant deadline)
      throws InterruptedException {
    return await(
        daemon,
        deadline,
        "the daemon's first sync did not end (no \"" + text + "\"); its log: " + log,
        () -> Files.readString(log).contains(text));
  }

  /**
   * Asks {@code check} every 20 ms until it holds (true); false, having said {@code failure}, when
   * the daemon died or the deadline passed first.
   */
  private boolean await(BenchProcess daemon, Instant deadline, String failure, Waits.Check check)
      throws InterruptedException {
    if (waits.until(check, deadline, Duration.ofMillis(20), daemon::alive)) {
      return true;
    }
    report.say(failure);
    return false;
  }

  /** The busiest few thread groups while idle, in ms per second. */
  private static String idleByThread(Map<String, Long> ticks, Instant from, Instant to) {
    return ticks.entrySet().stream()
        .filter(e -> e.getValue() > 0)
        .limit(5)
        .map(
            e ->
                String.format(
                    "%s %.1f",
                    e.getKey(), Procfs.cpuMsPerSecond(e.getValue(), Duration.between(from, to))))
        .collect(
            Collectors.collectingAndThen(
                Collectors.joining(", "),
                busiest -> busiest.isEmpty() ? "none (under a clock tick)" : busiest));
  }

  private boolean measure(SimCluster sim, BenchProcess daemon, Instant started, Path dir)
      throws IOException, InterruptedException {
    long pid = daemon.pid();
    if (!awaitReady(daemon, dir.resolve("daemon.log"), started.plusSeconds(60))) {
      return false;
    }
    report.figure("ready after start", waits.since(started));
    // Ready is the watch's listing; the first sync goes on a little longer (reading the host,
    // checking its files, starting the drift monitor). That is start-up, not idling: the idle
    // minute starts after it, and start-up's CPU is a figure of its own.
    if (!awaitLogLine(
        daemon, dir.resolve("daemon.log"), FIRST_SYNC_DONE, started.plusSeconds(60))) {
      return false;
    }
    report.figure(
        "first sync done",
        String.format(
            "%s after start (start-up CPU %.0f ms)",
            waits.since(started), Procfs.cpuTicks(pid) * 1000.0 / Procfs.CLOCK_TICKS_PER_SECOND));
    Path proc = Path.of("/proc", Long.toString(pid));
    long ticks0 = Procfs.cpuTicks(pid);
    long children0 = Procfs.childrenCpuTicks(proc.resolve("stat"));
    ThreadCpu threads0 = ThreadCpu.of(proc);
    ThreadCpu seen = threads0;
    Instant idle0 = clock.instant();
    List<Long> rss = new ArrayList<>();
    // The first seconds after start still compile and settle: the second half says what a
    // daemon costs while it waits, day in, day out.
    long ticksHalf = ticks0;
    Instant half = idle0;
    while (Duration.between(idle0, clock.instant()).compareTo(idle) < 0) {
      rss.add(Procfs.status(pid, "VmRSS:"));
      // Sampled every second, so that a thread that ends meanwhile still has a name.
      seen = seen.merge(ThreadCpu.of(proc));
      if (half.equals(idle0)
          && Duration.between(idle0, clock.instant()).compareTo(idle.dividedBy(2)) >= 0) {
        half = clock.instant();
        ticksHalf = Procfs.cpuTicks(pid);
      }
      Thread.sleep(1000);
    }
    Instant idle1 = clock.instant();
    long ticks1 = Procfs.cpuTicks(pid);
    ThreadCpu threads1 = seen.merge(ThreadCpu.of(proc));
    long children1 = Procfs.childrenCpuTicks(proc.resolve("stat"));
    double idleSeconds = Duration.between(idle0, idle1).toMillis() / 1000.0;
    report.figure(
        "idle RSS",
        String.format(
            "%.1f MiB (max %.1f MiB over %.0f s)",
            rss.get(rss.size() - 1) / 1024.0, Collections.max(rss) / 1024.0, idleSeconds));
    report.figure(
        "idle CPU",
        String.format(
            "%.1f ms per second (%.1f in its second half)",
            Procfs.cpuMsPerSecond(ticks1 - ticks0, Duration.between(idle0, idle1)),
            Procfs.cpuMsPerSecond(ticks1 - ticksHalf, Duration.between(half, idle1))));
    report.figure("idle CPU by thread", idleByThread(threads1.ticksSince(threads0), idle0, idle1));
    report.figure(
        "idle commands' CPU",
        String.format(
            "%.1f ms per second (the programs it ran, reaped)",
            Procfs.cpuMsPerSecond(children1 - children0, Duration.between(idle0, idle1))));
    report.figure("threads", Long.toString(Procfs.status(pid, "Threads:")));

    String before = annotations(sim).get(NodeAnnotations.CURRENT_CONFIG);
    Instant update0 = clock.instant();
    sim.client().resources(MachineConfig.class).resource(sshKey()).create();
    Instant until = update0.plusSeconds(120);
    while (!updated(sim, before)) {
      if (!daemon.alive() || clock.instant().isAfter(until)) {
        report.say("the daemon did not apply the update; its log: " + dir.resolve("daemon.log"));
        return false;
      }
      Thread.sleep(100);
    }
    report.figure("an update (SSH key)", waits.since(update0));
    report.figure(
        "peak RSS", String.format("%.1f MiB (VmHWM)", Procfs.status(pid, "VmHWM:") / 1024.0));
    return true;
  }

  /** Where the memory goes: NMT's committed total and its biggest categories. */
  private void nativeMemory(long pid) throws IOException, InterruptedException {
    Process jcmd =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid),
                "VM.native_memory",
                "summary")
            .redirectErrorStream(true)
            .start();
    String text = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    jcmd.waitFor();
    NativeMemory nmt = NativeMemory.parse(text);
    report.figure(
        "NMT committed", nmt.total() / 1024 + " MiB (" + nmt.classes() + " classes loaded)");
    report.figure("NMT by category", nmt.top(8));
  }

  /** A MachineConfig adding an SSH key to the workers: an update without a reboot. */
  static MachineConfig sshKey() {
    return Serialization.unmarshal(
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: MachineConfig
        metadata:
          name: 70-bench-ssh
          labels: {machineconfiguration.openshift.io/role: worker}
        spec:
          config:
            ignition: {version: 3.4.0}
            passwd:
              users:
              - name: core
                sshAuthorizedKeys: ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGJlbmNobWFya2tleWZvcm9jZWxvdA bench"]
        """,
        MachineConfig.class);
  }

  private static boolean updated(SimCluster sim, String before) {
    Map<String, String> a = annotations(sim);
    String current = a.get(NodeAnnotations.CURRENT_CONFIG);
    return "Done".equals(a.get(NodeAnnotations.STATE))
        && !Objects.equals(before, current)
        && Objects.equals(current, a.get(NodeAnnotations.DESIRED_CONFIG));
  }

  private static Map<String, String> annotations(SimCluster sim) {
    return sim.client().nodes().withName(NODE).get().getMetadata().getAnnotations();
  }

  private static String scrape(HttpClient http, URI uri) throws InterruptedException {
    try {
      return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
          .body();
    } catch (IOException e) {
      return ""; // not listening yet
    }
  }

  /** The report's figures, label → value, in the order said (empty until it ran). */
  public Map<String, String> figures() {
    return report.figures();
  }
}
