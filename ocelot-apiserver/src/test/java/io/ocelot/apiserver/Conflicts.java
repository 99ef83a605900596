package io.ocelot.apiserver;

import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * A test's write that a controller's concurrent write may turn into a 409 (an {@code edit()} locks
 * on the resourceVersion it read): tried again on a fresh read, as a user would, five times.
 */
public final class Conflicts {
  private Conflicts() {}

  public static void retry(Runnable write) {
    for (int attempt = 1; ; attempt++) {
      try {
        write.run();
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || attempt == 5) {
          throw e;
        }
      }
    }
  }
}
