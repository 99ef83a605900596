package io.ocelot.daemon.host;

import java.util.Optional;

/**
 * What the previous boot logged about finalizing the staged deployment: when {@code
 * ostree-finalize-staged.service} failed at shutdown, the node comes back on the old deployment,
 * and this is the likely root cause.
 */
public final class BootLog {
  private final CommandRunner runner;

  public BootLog(CommandRunner runner) {
    this.runner = runner;
  }

  /** The previous boot's finalization errors, if any (best effort: no journal, no answer). */
  public Optional<String> previousFinalizeFailure() {
    CommandResult r =
        runner.run(
            Command.of(
                "journalctl",
                "--boot=-1",
                "--unit=ostree-finalize-staged.service",
                "--priority=err",
                "--output=cat",
                "--no-pager",
                "--quiet"));
    String text = r.ok() ? r.stdout().strip() : "";
    return text.isEmpty()
        ? Optional.empty()
        : Optional.of(text.lines().reduce((a, b) -> b).orElse(text));
  }
}
