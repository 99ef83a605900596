package io.ocelot.daemon;

import io.ocelot.runtime.HttpEndpoint;
import io.ocelot.runtime.logging.LogFormat;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a daemon is started with: its node, how it reaches the cluster, where the host is mounted
 * and what kind of host it is (a real one, its tools run through chroot, unless told otherwise),
 * and where it serves {@code /metrics}. Parsed from plain {@code --name=value} arguments by {@link
 * #parse}, so that the daemon's own image needs no command-line library.
 */
public record DaemonOptions(
    String node,
    Optional<Path> kubeconfig,
    Path hostRoot,
    HostWiring.Kind host,
    InetSocketAddress metricsAddress,
    String eventNamespace,
    LogFormat logFormat) {

  public static final String DEFAULT_HOST_ROOT = "/rootfs";
  public static final String DEFAULT_METRICS_ADDRESS = "127.0.0.1:8797";

  static final String USAGE =
      String.join(
          "\n",
          "Usage: ocelot-daemon --node=NAME [--kubeconfig=FILE] [--host-root=DIR]",
          "                     [--host=chroot|simulated] [--metrics-address=HOST:PORT]",
          "                     [--event-namespace=NS] [--log-format=text|json]",
          "Run the node agent for one node: watch the Node, apply the MachineConfig (and layered",
          "image) it is told to, as one transaction, and report with MCO's annotations, events and",
          "metrics. Runs until stopped.",
          "  --node=NAME                 the node to manage (default: $NODE_NAME)",
          "  --kubeconfig=FILE           kubeconfig (default: in-cluster or ~/.kube/config)",
          "  --host-root=DIR             where the host is mounted (default: "
              + DEFAULT_HOST_ROOT
              + ")",
          "  --host=chroot|simulated     a real host, its tools run with chroot (default), or a",
          "                              simulated root of ocelot-fakehost's stand-ins",
          "  --metrics-address=HOST:PORT /metrics and /healthz (default: "
              + DEFAULT_METRICS_ADDRESS
              + ")",
          "  --event-namespace=NS        namespace of its events (default: "
              + DaemonSettings.DEFAULT_EVENT_NAMESPACE
              + ")",
          "  --log-format=text|json      log lines for a terminal (default) or one JSON object per",
          "                              line for a collector (default: $" + LogFormat.ENV + ")",
          "");

  /** The outcome of reading the arguments. */
  public sealed interface Parsed permits Valid, Invalid, Help {}

  public record Valid(DaemonOptions options) implements Parsed {}

  public record Invalid(String message) implements Parsed {}

  public record Help() implements Parsed {}

  private static final List<String> NAMES =
      List.of(
          "node",
          "kubeconfig",
          "host-root",
          "host",
          "metrics-address",
          "event-namespace",
          "log-format");

  /** Reads {@code --name=value} or {@code --name value} arguments; $NODE_NAME names the node. */
  public static Parsed parse(List<String> args, Map<String, String> env) {
    Map<String, String> given = new HashMap<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--help") || arg.equals("-h")) {
        return new Help();
      }
      if (!arg.startsWith("--")) {
        return new Invalid("unexpected argument " + arg);
      }
      int eq = arg.indexOf('=');
      String name = arg.substring(2, eq < 0 ? arg.length() : eq);
      if (!NAMES.contains(name)) {
        return new Invalid("unknown option --" + name);
      }
      String value;
      if (eq >= 0) {
        value = arg.substring(eq + 1);
      } else if (i + 1 < args.size()) {
        value = args.get(++i);
      } else {
        return new Invalid("--" + name + " needs a value");
      }
      if (given.put(name, value) != null) {
        return new Invalid("--" + name + " given twice");
      }
    }
    return of(
        Optional.ofNullable(given.get("node")).or(() -> Optional.ofNullable(env.get("NODE_NAME"))),
        Optional.ofNullable(given.get("kubeconfig")).map(Path::of),
        Path.of(given.getOrDefault("host-root", DEFAULT_HOST_ROOT)),
        given.getOrDefault("host", "chroot"),
        given.getOrDefault("metrics-address", DEFAULT_METRICS_ADDRESS),
        given.getOrDefault("event-namespace", DaemonSettings.DEFAULT_EVENT_NAMESPACE),
        Optional.ofNullable(given.get("log-format"))
            .or(() -> Optional.ofNullable(env.get(LogFormat.ENV)))
            .filter(f -> !f.isBlank())
            .orElse("text"));
  }

  /** Options from values another parser read (the CLI's {@code ocelot daemon}), checked alike. */
  public static Parsed of(
      Optional<String> node,
      Optional<Path> kubeconfig,
      Path hostRoot,
      String host,
      String metricsAddress,
      String eventNamespace,
      String logFormat) {
    if (node.isEmpty() || node.get().isBlank()) {
      return new Invalid("--node is required (or set NODE_NAME)");
    }
    Optional<HostWiring.Kind> kind = HostWiring.Kind.named(host);
    if (kind.isEmpty()) {
      return new Invalid("--host must be chroot or simulated, got " + host);
    }
    Optional<InetSocketAddress> address = HttpEndpoint.address(metricsAddress);
    if (address.isEmpty()) {
      return new Invalid("--metrics-address must be host:port, got " + metricsAddress);
    }
    if (eventNamespace.isBlank()) {
      return new Invalid("--event-namespace must not be empty");
    }
    LogFormat format;
    try {
      format = LogFormat.parse(logFormat);
    } catch (IllegalArgumentException e) {
      return new Invalid("--log-format: " + e.getMessage());
    }
    return new Valid(
        new DaemonOptions(
            node.get(), kubeconfig, hostRoot, kind.get(), address.get(), eventNamespace, format));
  }
}
