package io.ocelot.runtime;

import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.MDC;

/**
 * Background threads: threads that do not keep the JVM alive (Java calls them daemon threads, a
 * word this project keeps for the node agent), named for {@code /proc}, thread dumps and the
 * benchmarks' CPU by thread. Every process of Ocelot (daemon, controller, sim) has this module.
 */
public final class BackgroundThreads {
  private BackgroundThreads() {}

  /** A factory whose threads all carry {@code name}. */
  public static ThreadFactory named(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * A factory whose threads all carry {@code name} and log with {@code context} (SLF4J's MDC): the
   * daemon's worker logs its {@code node}, so that the lines of many daemons in one JVM (the
   * simulator) stay apart, and a JSON log line names the node without every call repeating it.
   */
  public static ThreadFactory named(String name, Map<String, String> context) {
    Map<String, String> copy = Map.copyOf(context);
    return r ->
        named(name)
            .newThread(
                () -> {
                  MDC.setContextMap(copy);
                  r.run();
                });
  }

  /** A factory whose threads are {@code prefix-1}, {@code prefix-2}, … in the order made. */
  public static ThreadFactory numbered(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return r -> named(prefix + "-" + count.incrementAndGet()).newThread(r);
  }
}
