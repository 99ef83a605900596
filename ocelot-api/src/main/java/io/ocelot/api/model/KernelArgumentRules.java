package io.ocelot.api.model;

import io.ocelot.api.text.Printable;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * What may stand in {@code spec.kernelArguments}, read as the kernel reads its command line ({@code
 * next_arg} in lib/cmdline.c, as MCO splits them): arguments separated by spaces or tabs, double
 * quotes grouping spaces, no escapes. Pure.
 */
public final class KernelArgumentRules {
  /** x86's COMMAND_LINE_SIZE less its NUL: the whole command line, the host's own arguments too. */
  public static final int COMMAND_LINE_MAX = 4095;

  private KernelArgumentRules() {}

  /** Why one entry cannot be given to {@code rpm-ostree kargs}, if it cannot. */
  public static Optional<String> entryProblem(String entry) {
    if (entry.isBlank()) {
      return Optional.of("empty kernel argument");
    }
    for (int i = 0; i < entry.length(); i++) {
      char c = entry.charAt(i);
      if (c != ' ' && c != '\t' && Printable.needsEscape(c)) {
        return Optional.of(
            Printable.quote(entry)
                + " contains a control character at position "
                + i
                + "; a kernel command line holds none");
      }
    }
    if (entry.chars().filter(c -> c == '"').count() % 2 != 0) {
      return Optional.of(
          Printable.quote(entry) + " has an unterminated double quote (the kernel has no escapes)");
    }
    for (String arg : MachineConfigRules.splitKernelArguments(List.of(entry))) {
      if (arg.startsWith("=")) {
        return Optional.of(Printable.quote(arg) + " is a value without a parameter name");
      }
    }
    return Optional.empty();
  }

  /** Why all of {@code entries} cannot fit one command line, if they cannot. */
  public static Optional<String> totalProblem(List<String> entries) {
    int bytes =
        String.join(" ", MachineConfigRules.splitKernelArguments(entries))
            .getBytes(StandardCharsets.UTF_8)
            .length;
    if (bytes <= COMMAND_LINE_MAX) {
      return Optional.empty();
    }
    return Optional.of(
        "the kernel arguments take "
            + bytes
            + " bytes, more than a kernel command line holds ("
            + COMMAND_LINE_MAX
            + ", with the host's own arguments)");
  }
}
