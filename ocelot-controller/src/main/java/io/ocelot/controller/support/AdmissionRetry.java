package io.ocelot.controller.support;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * A write refused because an admission policy's parameter kind is not yet synced. For a few seconds
 * after a ValidatingAdmissionPolicy with a {@code paramKind} (the OSImageStream reference check on
 * pools) is installed, the server refuses every write it matches with a 422 ({@code paramKind ...
 * not yet synced to use for admission}); a fresh install that creates pools at once meets it (seen
 * in the rollout benchmark's start). Such a write is tried again until {@code patience} has passed;
 * any other failure is thrown at once.
 */
public final class AdmissionRetry {
  static final String NOT_SYNCED = "not yet synced to use for admission";

  private AdmissionRetry() {}

  public static <T> T write(Supplier<T> write, Duration patience) {
    long deadline = System.nanoTime() + patience.toNanos();
    while (true) {
      try {
        return write.get();
      } catch (KubernetesClientException e) {
        if (!notSynced(e) || System.nanoTime() > deadline) {
          throw e;
        }
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while the admission policies sync", e);
      }
    }
  }

  static boolean notSynced(KubernetesClientException e) {
    return e.getCode() == 422 && e.getMessage() != null && e.getMessage().contains(NOT_SYNCED);
  }
}
