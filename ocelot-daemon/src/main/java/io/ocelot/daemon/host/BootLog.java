package io.ocelot.daemon.host;

import java.util.List;
import java.util.Optional;

/**
 * What the previous boot logged about finalizing the staged deployment: when {@code
 * ostree-finalize-staged.service} failed at shutdown, the node comes back on the old deployment,
 * and this is the likely root cause.
 *
 * <p>ostree prints its failure to stderr ({@code error: …}), which journald keeps at the stream's
 * priority (info), not as an error: a {@code --priority=err} query finds nothing on a real host.
 * So, as {@code rpm-ostree status} does, the unit's whole log is read and ostree's last {@code
 * error:} line wins; failing that, systemd's own verdict on the unit when it is not a plain exit
 * code (a timeout, a signal).
 */
public final class BootLog {
  private final CommandRunner runner;

  public BootLog(CommandRunner runner) {
    this.runner = runner;
  }

  /** The previous boot's finalization failure, if any (best effort: no journal, no answer). */
  public Optional<String> previousFinalizeFailure() {
    CommandResult r =
        runner.run(
            Command.of(
                "journalctl",
                "--boot=-1",
                "--unit=ostree-finalize-staged.service",
                "--output=cat",
                "--no-pager",
                "--quiet"));
    return r.ok() ? failureIn(r.stdout().lines().map(String::strip).toList()) : Optional.empty();
  }

  /** The failure in the unit's log lines, oldest first. */
  static Optional<String> failureIn(List<String> lines) {
    Optional<String> ostree = last(lines, l -> l.startsWith("error:"));
    if (ostree.isPresent()) {
      return ostree;
    }
    return last(lines, l -> l.contains("Failed with result") && !l.contains("'exit-code'"));
  }

  private static Optional<String> last(
      List<String> lines, java.util.function.Predicate<String> wanted) {
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (wanted.test(lines.get(i))) {
        return Optional.of(lines.get(i));
      }
    }
    return Optional.empty();
  }
}
