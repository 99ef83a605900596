package io.ocelot.runtime.logging;

import java.util.Locale;
import java.util.Map;

/**
 * How a process writes its log: lines for a person at a terminal ({@code text}, the default), or
 * one JSON object per line for a log collector ({@code json}). Every process takes {@code
 * --log-format}; {@value #ENV} sets the default, so a DaemonSet or a chart can set it once.
 */
public enum LogFormat {
  TEXT,
  JSON;

  /** The environment variable every Ocelot process reads its default log format from. */
  public static final String ENV = "OCELOT_LOG_FORMAT";

  /** {@code text} or {@code json}, in any case; anything else says what is accepted. */
  public static LogFormat parse(String value) {
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "text" -> TEXT;
      case "json" -> JSON;
      default ->
          throw new IllegalArgumentException(
              "unknown log format '" + value + "': choose text or json");
    };
  }

  /** The format {@value #ENV} names, {@code text} when unset or empty. */
  public static LogFormat fromEnvironment(Map<String, String> env) {
    String value = env.getOrDefault(ENV, "");
    return value.isBlank() ? TEXT : parse(value);
  }

  /** The name a user types: {@code text}, {@code json}. */
  public String flag() {
    return name().toLowerCase(Locale.ROOT);
  }
}
