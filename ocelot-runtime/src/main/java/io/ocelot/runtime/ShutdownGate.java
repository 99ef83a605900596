package io.ocelot.runtime;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How a long-running Ocelot process stops on SIGTERM or Ctrl-C: once {@link #arm armed}, the signal
 * opens the gate for the main thread waiting in {@link #awaitStop}, and the JVM's exit waits (30 s
 * at most) until that thread has closed what it runs and {@link #release released} it — so a daemon
 * closes its watch and a sim its cluster before the JVM ends.
 */
public final class ShutdownGate {
  private static final long RELEASE_SECONDS = 30;

  private final CountDownLatch stopped = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);
  private final Thread hook;

  public ShutdownGate(String threadName) {
    this.hook =
        new Thread(
            () -> {
              stopped.countDown();
              try {
                released.await(RELEASE_SECONDS, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            threadName);
  }

  /** From now on the signal stops the process through this gate. */
  public void arm() {
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** Waits for the signal. */
  public void awaitStop() throws InterruptedException {
    stopped.await();
  }

  /** The main thread is done: the JVM may exit. */
  public void release() {
    released.countDown();
  }
}
