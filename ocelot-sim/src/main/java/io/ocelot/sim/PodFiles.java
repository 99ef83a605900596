package io.ocelot.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A machine's daemon pod, as files: what a kubelet gives the DaemonSet's container when it starts —
 * its arguments and environment from deploy/'s DaemonSet, and a ServiceAccount token bound to the
 * pod — written before every boot into a directory the machine sees at {@code /run/ocelot-pod} (the
 * machine's {@code ocelot-daemon.service} reads them).
 */
public record PodFiles(Path dir) {
  /** Where a machine sees them. */
  static final String MOUNT = "/run/ocelot-pod";

  /**
   * The machines share this computer's network: each daemon serves its metrics on a port of its
   * own.
   */
  public void write(
      DeployedJvm pod,
      String node,
      String namespace,
      int metricsPort,
      Path javaHome,
      PodCredentials credentials)
      throws IOException {
    credentials.writeServiceAccount(dir.resolve("serviceaccount"), namespace);
    Files.writeString(
        dir.resolve("env"),
        env(pod, node, metricsPort, javaHome, credentials),
        StandardCharsets.UTF_8);
  }

  /**
   * The environment file: the container's variables, {@code JAVA_TOOL_OPTIONS}, the API server,
   * {@code PATH} with the JVM first, and {@code DAEMON_ARGS}: the container's arguments with {@code
   * $(NODE_NAME)} expanded and the metrics address on the machine's own port.
   */
  static String env(
      DeployedJvm pod, String node, int metricsPort, Path javaHome, PodCredentials credentials) {
    Map<String, String> vars = new LinkedHashMap<>();
    vars.put("NODE_NAME", node);
    vars.put("DAEMON_ARGS", String.join(" ", args(pod.args(), node, metricsPort)));
    vars.putAll(pod.environment());
    vars.put("JAVA_TOOL_OPTIONS", String.join(" ", pod.javaOptions()));
    vars.putAll(credentials.service());
    vars.put(
        "PATH", javaHome.resolve("bin") + ":/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin");
    StringBuilder b = new StringBuilder();
    vars.forEach(
        (k, v) ->
            b.append(k)
                .append("=\"")
                .append(v.replace("\\", "\\\\").replace("\"", "\\\""))
                .append("\"\n"));
    return b.toString();
  }

  static List<String> args(List<String> args, String node, int metricsPort) {
    List<String> out = new ArrayList<>();
    for (String a : args) {
      String expanded = a.replace("$(NODE_NAME)", node);
      out.add(
          expanded.startsWith("--metrics-address=")
              ? "--metrics-address=127.0.0.1:" + metricsPort
              : expanded);
    }
    return out;
  }
}
