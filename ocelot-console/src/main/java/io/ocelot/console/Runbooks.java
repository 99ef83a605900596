package io.ocelot.console;

import com.sun.net.httpserver.HttpExchange;
import io.ocelot.runtime.HttpEndpoint;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The alerts' runbooks ({@code docs/runbooks/}, packed into the console at build time), served at
 * {@code /runbooks/NAME.md} so an alert on the page links to what to do about it, on a cluster
 * without internet access too.
 */
final class Runbooks {
  /** Every runbook; a test keeps this equal to docs/runbooks/. */
  static final Set<String> NAMES =
      Set.of(
          "MCCDrainError",
          "MCDPivotError",
          "MCDRebootError",
          "OCLBuildDegraded",
          "OCLBuildFailed",
          "OcelotControllerReconcileErrors",
          "OcelotHealthCheckFailed",
          "OcelotPoolDegraded",
          "OcelotRebootFailing",
          "OcelotRolloutHalted",
          "OcelotTargetHeld",
          "OcelotUpdateFailing");

  private Runbooks() {}

  static void serve(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    String name = path.substring("/runbooks/".length()).replaceFirst("\\.md$", "");
    if (!NAMES.contains(name)) {
      HttpEndpoint.respond(
          exchange,
          404,
          "text/plain",
          ("no runbook " + path + "\n").getBytes(StandardCharsets.UTF_8));
      return;
    }
    try (InputStream in = Runbooks.class.getResourceAsStream("runbooks/" + name + ".md")) {
      if (in == null) {
        throw new IOException("runbook " + name + " is missing from the class path");
      }
      HttpEndpoint.respond(exchange, 200, "text/markdown; charset=utf-8", in.readAllBytes());
    }
  }
}
