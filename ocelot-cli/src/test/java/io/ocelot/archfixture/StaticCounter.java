package io.ocelot.archfixture;

/** Violates "no static mutable state". */
public final class StaticCounter {
  public static int counter;

  private StaticCounter() {}
}
