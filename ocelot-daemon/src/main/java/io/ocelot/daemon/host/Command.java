package io.ocelot.daemon.host;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A host program with its arguments and a timeout. It never gets stdin. */
public record Command(String program, List<String> args, Duration timeout) {
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

  public Command {
    args = List.copyOf(args);
  }

  public static Command of(String program, String... args) {
    return new Command(program, List.of(args), DEFAULT_TIMEOUT);
  }

  public static Command of(String program, List<String> args) {
    return new Command(program, args, DEFAULT_TIMEOUT);
  }

  public Command withTimeout(Duration timeout) {
    return new Command(program, args, timeout);
  }

  /** Program and arguments as one list. */
  public List<String> argv() {
    List<String> out = new ArrayList<>();
    out.add(program);
    out.addAll(args);
    return out;
  }

  /** The command line as a shell would show it, quoting where needed. */
  public String display() {
    StringBuilder b = new StringBuilder();
    for (String a : argv()) {
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(a.matches("[A-Za-z0-9_@%+=:,./-]+") ? a : "\"" + a.replace("\"", "\\\"") + "\"");
    }
    return b.toString();
  }
}
