package io.ocelot.daemon.host;

import java.util.ArrayList;
import java.util.List;

/**
 * The checks a boot must pass before an update counts as done (greenboot's model): required checks
 * failing roll the update back; wanted checks failing are only reported.
 */
public interface HealthChecks {

  /** The name of the built-in check that the node's kubelet reports Ready after a boot. */
  String NODE_READY = "node-ready";

  /** No checks: every boot is healthy. */
  HealthChecks NONE = () -> List.of();

  /** Runs every check once, in order; a failing check does not stop the others. */
  List<Outcome> run() throws HostException;

  /** These checks, then {@code next}'s. */
  default HealthChecks then(HealthChecks next) {
    return () -> {
      List<Outcome> all = new ArrayList<>(run());
      all.addAll(next.run());
      return all;
    };
  }

  /** One check: an executable on the host, or a built-in one (empty path). */
  record Check(String name, String path, boolean required) {}

  /** How one check ended: the command it ran and what it said. */
  record Outcome(Check check, CommandResult result) {
    public boolean ok() {
      return result.ok();
    }

    /** {@code exit 1: "kubelet is not ready"}, or {@code timed out after 60s: "…"}. */
    public String describe() {
      String head =
          result.exitCode() == CommandResult.TIMED_OUT
              ? "timed out after " + result.command().timeout().toSeconds() + "s"
              : result.exitCode() == CommandResult.NOT_FOUND
                  ? "could not run it (exit 127)"
                  : "exit " + result.exitCode();
      String said = lastLine(result.stderrTail());
      if (said.isEmpty()) {
        said = lastLine(result.stdout());
      }
      return said.isEmpty() ? head : head + ": \"" + said + "\"";
    }

    private static String lastLine(String text) {
      String s = text.strip();
      int nl = s.lastIndexOf('\n');
      String line = nl < 0 ? s : s.substring(nl + 1).strip();
      return line.length() > 300 ? line.substring(0, 297) + "..." : line;
    }
  }
}
