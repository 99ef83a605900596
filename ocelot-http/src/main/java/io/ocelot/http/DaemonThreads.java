package io.ocelot.http;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

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

  /** A factory whose threads are {@code prefix-1}, {@code prefix-2}, … in the order made. */
  public static ThreadFactory numbered(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return r -> named(prefix + "-" + count.incrementAndGet()).newThread(r);
  }
}
