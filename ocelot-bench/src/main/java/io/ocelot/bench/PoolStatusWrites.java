package io.ocelot.bench;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfigPool;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** Counts the writes that changed a pool's status, seen on a watch of the pool. */
final class PoolStatusWrites implements AutoCloseable {
  private final AtomicInteger writes = new AtomicInteger();
  private final AtomicReference<String> last = new AtomicReference<>();
  private final Watch watch;

  private PoolStatusWrites(KubernetesClient client, String pool) {
    this.watch =
        client
            .resources(MachineConfigPool.class)
            .withName(pool)
            .watch(
                new Watcher<>() {
                  @Override
                  public void eventReceived(Action action, MachineConfigPool p) {
                    String status = Serialization.asJson(p.getStatus());
                    String before = last.getAndSet(status);
                    if (action == Action.MODIFIED
                        && before != null
                        && !Objects.equals(before, status)) {
                      writes.incrementAndGet();
                    }
                  }

                  @Override
                  public void onClose(WatcherException cause) {}
                });
  }

  /** Starts watching {@code pool}; the first event (its current state) counts as no write. */
  static PoolStatusWrites watch(KubernetesClient client, String pool) {
    return new PoolStatusWrites(client, pool);
  }

  int statusWrites() {
    return writes.get();
  }

  @Override
  public void close() {
    watch.close();
  }
}
