package io.ocelot.daemon.host;

/**
 * What a command did: its exit code, stdout and the tail of stderr. A program that does not exist
 * is an ordinary result with exit code {@value #NOT_FOUND}; a timeout has exit code {@value
 * #TIMED_OUT}.
 */
public record CommandResult(Command command, int exitCode, String stdout, String stderrTail) {
  public static final int NOT_FOUND = 127;
  public static final int TIMED_OUT = 124;

  /** Stderr keeps at most this many trailing characters. */
  public static final int STDERR_TAIL = 2000;

  public boolean ok() {
    return exitCode == 0;
  }

  /** The last non-empty line of stderr, the usual summary of a failure. */
  public String stderrLastLine() {
    String[] lines = stderrTail.strip().split("\n");
    return lines.length == 0 ? "" : lines[lines.length - 1].strip();
  }

  /** {@code <program> exited <code>: "<stderr>"}, the form failure messages use. */
  public String describeFailure() {
    String what =
        exitCode == TIMED_OUT
            ? command.program() + " timed out after " + command.timeout().toSeconds() + "s"
            : command.program() + " exited " + exitCode;
    String err = stderrTail.strip();
    return err.isEmpty() ? what : what + ": \"" + err.replace("\"", "\\\"") + "\"";
  }

  static String tail(String s) {
    return s.length() <= STDERR_TAIL ? s : s.substring(s.length() - STDERR_TAIL);
  }
}
