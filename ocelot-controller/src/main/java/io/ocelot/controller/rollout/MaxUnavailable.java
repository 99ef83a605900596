package io.ocelot.controller.rollout;

import io.fabric8.kubernetes.api.model.IntOrString;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pool's {@code maxUnavailable} as a node count, MCO's way: default 1; a percentage of the node
 * count rounded down; never below 1.
 */
public final class MaxUnavailable {
  private static final Pattern PERCENT = Pattern.compile("(\\d+)%");

  private MaxUnavailable() {}

  /** The number of nodes, or the error MCO reports ({@code "maxUnavailable" ...}). */
  public sealed interface Result permits Count, Invalid {}

  public record Count(int value) implements Result {}

  public record Invalid(String message) implements Result {}

  public static Result of(IntOrString value, int nodes) {
    if (value == null) {
      return new Count(1);
    }
    if (value.getIntVal() != null) {
      return new Count(Math.max(1, value.getIntVal()));
    }
    String s = value.getStrVal() == null ? "" : value.getStrVal().strip();
    Matcher m = PERCENT.matcher(s);
    if (m.matches()) {
      long percent = Long.parseLong(m.group(1));
      return new Count((int) Math.max(1, nodes * percent / 100));
    }
    try {
      return new Count(Math.max(1, Integer.parseInt(s)));
    } catch (NumberFormatException e) {
      return new Invalid(
          "\"maxUnavailable\" invalid value for IntOrString: invalid value \""
              + s
              + "\": must be an integer or a percentage");
    }
  }
}
