package io.ocelot.sim.bench;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimException;
import io.ocelot.sim.SimSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
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
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The daemon's footprint as deployed: a daemon in a JVM of its own (the given Java options and
 * command) manages the one worker of a sim on the real control plane, logged in as the daemon's
 * ServiceAccount with a token bound to its pod. Measures how long it takes to be ready (its first
 * sync, which waits for the node watch's listing: {@code mcd_state} appears on /metrics), its RSS,
 * threads and CPU while idle, where its memory goes (Native Memory Tracking, through {@code jcmd}),
 * and its peak RSS through one update (an SSH key: no reboot, which would start the sim's own
 * daemon again). Prints figures; asserts nothing.
 */
public final class DaemonBenchmark {
  private static final String NODE = "worker-0";
  private static final long CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

  private final List<String> javaOptions;
  private final List<String> command;
  private final Duration idle;
  private final Report report;
  private final Clock clock;

  /**
   * {@code command}: what follows {@code java <options>}, up to the daemon's own options (e.g.
   * {@code -cp ocelot.jar io.ocelot.cli.Main daemon}).
   */
  public DaemonBenchmark(
      List<String> javaOptions, List<String> command, Duration idle, PrintWriter out, Clock clock) {
    this.javaOptions = List.copyOf(javaOptions);
    this.command = List.copyOf(command);
    this.idle = idle;
    this.report = new Report(out, 22);
    this.clock = clock;
  }

  /**
   * The Java options the DaemonSet gives the daemon ({@code JAVA_TOOL_OPTIONS} of
   * deploy/daemon/03-daemonset.yaml, as the sim carries it): what the benchmark measures by
   * default.
   */
  public static List<String> deployedJavaOptions() throws IOException {
    try (var in = SimCluster.class.getResourceAsStream("deploy/daemon/03-daemonset.yaml")) {
      if (in == null) {
        throw new IOException("missing resource io/ocelot/sim/deploy/daemon/03-daemonset.yaml");
      }
      io.fabric8.kubernetes.api.model.apps.DaemonSet ds =
          Serialization.unmarshal(in, io.fabric8.kubernetes.api.model.apps.DaemonSet.class);
      return ds.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().stream()
          .filter(e -> e.getName().equals("JAVA_TOOL_OPTIONS"))
          .findFirst()
          .map(e -> List.of(e.getValue().strip().split("\\s+")))
          .orElse(List.of());
    }
  }

  /** True when the daemon became ready and applied the update. */
  public boolean run() throws IOException, SimException, InterruptedException {
    Path dir = Files.createTempDirectory("ocelot-bench-daemon");
    SimSettings settings =
        new SimSettings(
            1,
            0,
            dir.resolve("state"),
            false,
            0,
            0,
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            Duration.ofSeconds(8),
            ControlPlaneMode.KUBE);
    try (SimCluster sim = SimCluster.start(settings, line -> {})) {
      Path kubeconfig = dir.resolve("daemon.kubeconfig");
      Files.writeString(kubeconfig, sim.node(NODE).handOver());
      int port = freePort();
      List<String> argv = new ArrayList<>();
      argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      argv.addAll(javaOptions);
      argv.add("-XX:NativeMemoryTracking=summary");
      argv.addAll(command);
      argv.addAll(
          List.of(
              "--node=" + NODE,
              "--host-root=" + sim.node(NODE).host().root(),
              "--kubeconfig=" + kubeconfig,
              "--metrics-address=127.0.0.1:" + port));
      report.say("daemon: " + String.join(" ", javaOptions));
      Instant started = clock.instant();
      Process daemon =
          new ProcessBuilder(argv)
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("daemon.log").toFile())
              .start();
      try {
        return measure(sim, daemon, port, started, dir);
      } finally {
        daemon.destroy(); // SIGTERM, as the kubelet stops a pod
        daemon.waitFor();
      }
    }
  }

  private boolean measure(SimCluster sim, Process daemon, int port, Instant started, Path dir)
      throws IOException, InterruptedException {
    long pid = daemon.pid();
    URI metrics = URI.create("http://127.0.0.1:" + port + "/metrics");
    HttpClient http = HttpClient.newHttpClient();
    Instant deadline = started.plusSeconds(60);
    while (!scrape(http, metrics).contains("mcd_state{")) {
      if (!daemon.isAlive() || clock.instant().isAfter(deadline)) {
        report.say("the daemon did not become ready; its log: " + dir.resolve("daemon.log"));
        return false;
      }
      Thread.sleep(20);
    }
    report.figure("ready after start", seconds(Duration.between(started, clock.instant())));
    long ticks0 = cpuTicks(pid);
    Instant idle0 = clock.instant();
    List<Long> rss = new ArrayList<>();
    while (Duration.between(idle0, clock.instant()).compareTo(idle) < 0) {
      rss.add(status(pid, "VmRSS:"));
      Thread.sleep(1000);
    }
    double idleSeconds = Duration.between(idle0, clock.instant()).toMillis() / 1000.0;
    double cpuMs = (cpuTicks(pid) - ticks0) * 1000.0 / CLOCK_TICKS_PER_SECOND;
    report.figure(
        "idle RSS",
        String.format(
            "%.0f MiB (max %.0f MiB over %.0f s)",
            rss.get(rss.size() - 1) / 1024.0, Collections.max(rss) / 1024.0, idleSeconds));
    report.figure("idle CPU", String.format("%.1f ms per second", cpuMs / idleSeconds));
    report.figure("threads", Long.toString(status(pid, "Threads:")));
    nativeMemory(pid);

    String before = annotations(sim).get(NodeAnnotations.CURRENT_CONFIG);
    Instant update0 = clock.instant();
    sim.client().resources(MachineConfig.class).resource(sshKey()).create();
    Instant until = update0.plusSeconds(120);
    while (!updated(sim, before)) {
      if (!daemon.isAlive() || clock.instant().isAfter(until)) {
        report.say("the daemon did not apply the update; its log: " + dir.resolve("daemon.log"));
        return false;
      }
      Thread.sleep(100);
    }
    report.figure("an update (SSH key)", seconds(Duration.between(update0, clock.instant())));
    report.figure("peak RSS", String.format("%.0f MiB (VmHWM)", status(pid, "VmHWM:") / 1024.0));
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

  private static MachineConfig sshKey() {
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

  /** A {@code /proc/<pid>/status} figure in its unit (kB for memory). */
  static long status(long pid, String key) throws IOException {
    return status(Path.of("/proc", Long.toString(pid), "status"), key);
  }

  /** A figure of a {@code /proc/.../status} file ({@code VmRSS:}, {@code Threads:}). */
  static long status(Path file, String key) throws IOException {
    for (String line : Files.readAllLines(file)) {
      if (line.startsWith(key)) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
      }
    }
    throw new IOException("no " + key + " in " + file);
  }

  /** User plus system CPU time of the process, in clock ticks ({@code /proc/<pid>/stat}). */
  static long cpuTicks(long pid) throws IOException {
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    // After the command name in parentheses: state is field 3; utime and stime are 14 and 15.
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static String seconds(Duration d) {
    return String.format("%.2f s", d.toMillis() / 1000.0);
  }

  /** The report's figures, label → value, in the order said (empty until it ran). */
  public Map<String, String> figures() {
    return report.figures();
  }
}
