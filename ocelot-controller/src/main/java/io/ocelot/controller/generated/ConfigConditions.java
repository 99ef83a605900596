package io.ocelot.controller.generated;

import io.ocelot.api.model.ConfigCondition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The condition history of a KubeletConfig or ContainerRuntimeConfig, kept as MCO keeps it: the
 * newest verdict last, three at most, a repeated verdict not added again. A KubeletConfig's verdict
 * is {@code Accepted} True/False, with the deprecated {@code Success}/{@code Failure} entry MCO
 * still appends after the history; a ContainerRuntimeConfig's is {@code Success} or {@code
 * Failure}. Unlike MCO, a repeated verdict keeps its time: it says since when, and an unchanged
 * config costs no status write.
 */
final class ConfigConditions {
  static final int HISTORY = 3;

  enum Style {
    /** KubeletConfig's: Accepted, plus the legacy entry. */
    ACCEPTED,
    /** ContainerRuntimeConfig's: Success or Failure. */
    SUCCESS_OR_FAILURE
  }

  private ConfigConditions() {}

  /** The history after a verdict: {@code error} empty for success. */
  static List<ConfigCondition> next(
      Style style, List<ConfigCondition> before, Optional<String> error, Instant now) {
    String message = error.map(e -> "Error: " + e).orElse("Success");
    String at = now.toString();
    ConfigCondition verdict =
        switch (style) {
          case ACCEPTED ->
              new ConfigCondition(
                  ConfigCondition.ACCEPTED, error.isEmpty() ? "True" : "False", at, null, message);
          case SUCCESS_OR_FAILURE ->
              new ConfigCondition(
                  error.isEmpty() ? ConfigCondition.SUCCESS : ConfigCondition.FAILURE,
                  "True",
                  at,
                  null,
                  message);
        };
    List<ConfigCondition> history = new ArrayList<>();
    for (ConfigCondition c : before) {
      boolean legacy =
          style == Style.ACCEPTED
              && (ConfigCondition.SUCCESS.equals(c.type())
                  || ConfigCondition.FAILURE.equals(c.type()));
      if (!legacy) {
        history.add(c);
      }
    }
    ConfigCondition last = history.isEmpty() ? null : history.get(history.size() - 1);
    if (last == null || !same(last, verdict)) {
      history.add(verdict);
    } else {
      verdict = last;
    }
    List<ConfigCondition> kept =
        new ArrayList<>(history.subList(Math.max(0, history.size() - HISTORY), history.size()));
    if (style == Style.ACCEPTED) {
      kept.add(
          new ConfigCondition(
              "True".equals(verdict.status()) ? ConfigCondition.SUCCESS : ConfigCondition.FAILURE,
              "True",
              verdict.lastTransitionTime(),
              null,
              verdict.message()));
    }
    return List.copyOf(kept);
  }

  private static boolean same(ConfigCondition a, ConfigCondition b) {
    return Objects.equals(a.type(), b.type())
        && Objects.equals(a.status(), b.status())
        && Objects.equals(a.message(), b.message());
  }
}
