package io.ocelot.http;

import java.util.concurrent.ThreadFactory;

/**
 * Threads that do not keep the JVM alive, named for {@code /proc}, thread dumps and the benchmarks'
 * CPU by thread. Here because every process of Ocelot (daemon, controller, sim) has this module.
 */
public final class DaemonThreads {
  private DaemonThreads() {}

  /** A factory whose threads all carry {@code name}. */
  public static ThreadFactory named(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
