package io.ocelot.console;

/**
 * An alert as the console shows it: name, what it is about (a node's name, {@code pool/<name>} for
 * a pool's alert, or empty), severity.
 */
public record Alert(String name, String node, String severity) {
  /** What a pool's alert is about, as the console shows it. */
  public static String onPool(String pool) {
    return "pool/" + pool;
  }
}
