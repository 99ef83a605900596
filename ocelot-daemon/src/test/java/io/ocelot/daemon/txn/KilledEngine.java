package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.I1;
import static io.ocelot.daemon.txn.SeedScenarioTest.I2;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R2;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.daemon.HostWiring;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The engine in a process of its own, for {@link KillNineTest}: {@code apply ROOT N} runs the R1/I1
 * → R2/I2 update, {@code recover ROOT N} a recovery; at the N-th durable write it prints {@code AT
 * <point>} and waits to be killed with SIGKILL. {@code DONE} when it got past every point.
 */
public final class KilledEngine {
  private KilledEngine() {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args[1]);
    int stopAt = Integer.parseInt(args[2]);
    AtomicInteger writes = new AtomicInteger();
    Checkpoint waitForTheKill =
        point -> {
          if (writes.incrementAndGet() == stopAt) {
            System.out.println("AT " + point);
            System.out.flush();
            try {
              Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
        };
    HostContext host = HostWiring.simulated(root);
    StateStore store = new StateStore(host.files(), waitForTheKill);
    EngineMetrics metrics = new EngineMetrics(new PrometheusRegistry());
    EngineOutcome outcome =
        args[0].equals("apply")
            ? new UpdateEngine(
                    host,
                    store,
                    DrainHandshake.NO_CLUSTER,
                    metrics,
                    Clock.systemUTC(),
                    () -> "attempt-in-child")
                .apply(
                    HostFixture.plan(
                        ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1),
                    Attempt.FIRST)
            : new Recovery(host, store, metrics, Clock.systemUTC()).start(Attempt.FIRST);
    System.out.println("DONE " + outcome);
  }
}
