package io.ocelot.daemon.host;

import java.util.Optional;

/**
 * A host operation failed: a tool exited non-zero (the result says how), or a file operation
 * failed. The message names what was attempted and why it failed.
 */
public final class HostException extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient Optional<CommandResult> command;

  public HostException(String message) {
    super(message);
    this.command = Optional.empty();
  }

  public HostException(String message, Throwable cause) {
    super(message, cause);
    this.command = Optional.empty();
  }

  /** A failed command: the message is {@code <what>: <program> exited <code>: "<stderr>"}. */
  public HostException(String what, CommandResult result) {
    super(what + ": " + result.describeFailure());
    this.command = Optional.of(result);
  }

  /** The same with {@code more} after the command's failure (what else the host said). */
  public HostException(String what, CommandResult result, String more) {
    super(what + ": " + result.describeFailure() + more);
    this.command = Optional.of(result);
  }

  /** Never null: every constructor takes the message. */
  @Override
  public String getMessage() {
    String m = super.getMessage();
    return m == null ? "" : m;
  }

  public Optional<CommandResult> command() {
    return command;
  }

  /** Runs a command and throws unless it exits 0. */
  public static CommandResult check(CommandRunner runner, Command command, String what)
      throws HostException {
    CommandResult r = runner.run(command);
    if (!r.ok()) {
      throw new HostException(what, r);
    }
    return r;
  }
}
