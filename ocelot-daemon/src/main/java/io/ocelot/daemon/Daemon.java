package io.ocelot.daemon;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.ocelot.daemon.node.ClusterDrain;
import io.ocelot.daemon.node.DisruptionPolicySource;
import io.ocelot.daemon.node.DriftMonitor;
import io.ocelot.daemon.node.NodeCache;
import io.ocelot.daemon.node.NodeEvents;
import io.ocelot.daemon.node.NodeReadyCheck;
import io.ocelot.daemon.node.NodeView;
import io.ocelot.daemon.node.NodeWriter;
import io.ocelot.daemon.node.mcn.McnWriter;
import io.ocelot.daemon.sync.DaemonMetrics;
import io.ocelot.daemon.sync.NodeReporter;
import io.ocelot.daemon.sync.SyncLoop;
import io.ocelot.daemon.sync.SyncParts;
import io.ocelot.daemon.txn.Checkpoint;
import io.ocelot.daemon.txn.HostContext;
import io.ocelot.daemon.txn.StateStore;
import io.ocelot.runtime.BackgroundThreads;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node agent: watches its own Node and runs the sync loop ({@link SyncLoop}) and the drift
 * checks on one worker thread. Everything it touches comes in by injection (client, host, clock,
 * metrics), so that many daemons can share one JVM and one client.
 */
public final class Daemon implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Daemon.class);

  private final DaemonSettings settings;
  private final KubernetesClient client;
  private final NodeCache cache;
  private final ScheduledExecutorService worker;
  private final AtomicBoolean queued = new AtomicBoolean();
  private final AtomicBoolean driftQueued = new AtomicBoolean();
  private final DriftMonitor drift;
  private final SyncLoop loop;
  private SharedIndexInformer<Node> informer;

  public Daemon(
      DaemonSettings settings,
      KubernetesClient client,
      HostContext host,
      DaemonMetrics metrics,
      Clock clock,
      ClusterDrain.Sleeper sleeper) {
    this.settings = settings;
    this.client = client;
    this.cache = new NodeCache(clock, settings.viewMaxAge());
    NodeWriter writer = new NodeWriter(client, settings.node(), cache);
    // The host's own checks first: the kubelet gets their run time to come up.
    HostContext checked =
        host.withHealth(
            host.health()
                .then(
                    new NodeReadyCheck(
                        writer::find, host.bootId(), clock, sleeper, settings.readyTimeout())));
    NodeEvents events = new NodeEvents(client, settings.eventNamespace(), clock);
    NodeReporter reporter =
        new NodeReporter(
            writer, events, metrics, new McnWriter(client, settings.node(), clock), clock);
    // The handshake waits for the informer's news (the controller's answer), drainPoll at most.
    ClusterDrain drain =
        new ClusterDrain(writer, events, reporter, clock, cache::awaitNews, settings.drain());
    this.drift = new DriftMonitor(checked, events, metrics.drift(), clock, () -> view(writer));
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            BackgroundThreads.named(
                "ocelot-daemon-" + settings.node(), java.util.Map.of("node", settings.node())));
    // Closing drops pending retries; only a sync already running may finish.
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    this.worker = executor;
    this.loop =
        new SyncLoop(
            new SyncParts(
                settings.node(),
                settings.retry(),
                client,
                checked,
                new StateStore(checked.files(), Checkpoint.NONE),
                writer,
                events,
                reporter,
                metrics,
                drain,
                drift,
                new DisruptionPolicySource(client, clock),
                clock),
            new SyncLoop.Timer() {
              @Override
              public void syncIn(Duration delay) {
                triggerLater(delay);
              }

              @Override
              public void checkDriftSoon() {
                driftSoon();
              }
            });
  }

  private static Optional<NodeView> view(NodeWriter writer) {
    try {
      return writer.find().map(NodeView::of);
    } catch (io.ocelot.daemon.host.HostException e) {
      return Optional.empty();
    }
  }

  /**
   * Starts watching the node and syncing. The watch never gives up: fabric8's default stops an
   * informer on a failed first list or a watch error other than 410, silently; this one logs and
   * retries with fabric8's backoff, and this method returns without waiting for the first list.
   */
  public void start() {
    informer = client.nodes().withName(settings.node()).runnableInformer(0);
    informer.exceptionHandler(
        (started, e) -> {
          LOG.warn(
              "watch of node {} failed ({}); retrying: {}",
              settings.node(),
              started ? "running" : "starting",
              e.getMessage());
          return true;
        });
    informer.addEventHandler(
        new ResourceEventHandler<>() {
          @Override
          public void onAdd(Node node) {
            cache.observed(node);
            trigger();
          }

          @Override
          public void onUpdate(Node old, Node node) {
            cache.observed(node);
            trigger();
          }

          @Override
          public void onDelete(Node node, boolean unknown) {
            cache.forget();
            LOG.warn("node {} was deleted; waiting for it to come back", settings.node());
          }
        });
    // The first sync once the informer has listed the node, so that it reads the informer's view
    // instead of GETting the node (also when the listing failed: the sync then asks the server).
    informer.start().whenComplete((listed, failed) -> trigger());
    // From here on the informer learns of every change: reads may come from the cache.
    cache.live(true);
    long resync = settings.resync().toMillis();
    worker.scheduleWithFixedDelay(this::trigger, resync, resync, TimeUnit.MILLISECONDS);
    long poll = settings.driftPoll().toMillis();
    if (poll > 0) {
      worker.scheduleWithFixedDelay(this::driftSoon, poll, poll, TimeUnit.MILLISECONDS);
    }
  }

  /** Asks for a drift check; requests that arrive while one is queued are merged into it. */
  private void driftSoon() {
    if (driftQueued.compareAndSet(false, true)) {
      try {
        worker.execute(
            () -> {
              driftQueued.set(false);
              loop.checkDrift();
            });
      } catch (RejectedExecutionException e) {
        // Closed meanwhile: nothing to check.
      }
    }
  }

  /** Asks for a sync; requests that arrive while one is queued are merged into it. */
  public void trigger() {
    if (queued.compareAndSet(false, true) && !worker.isShutdown()) {
      try {
        worker.execute(
            () -> {
              queued.set(false);
              loop.sync();
            });
      } catch (RejectedExecutionException e) {
        // Closed meanwhile: a stopped daemon syncs nothing.
      }
    }
  }

  /** Triggers a sync after {@code delay}, unless the daemon is closed by then. */
  private void triggerLater(Duration delay) {
    try {
      worker.schedule(this::trigger, delay.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // Closed while this sync ran: nothing to retry.
    }
  }

  /**
   * Stops as SIGTERM would: no new syncs, and a sync in progress may finish its step (up to 10
   * seconds) rather than be interrupted between writing the host and recording that it did.
   */
  @Override
  public void close() {
    if (informer != null) {
      informer.close();
    }
    cache.live(false);
    worker.shutdown();
    try {
      if (!worker.awaitTermination(10, TimeUnit.SECONDS)) {
        worker.shutdownNow();
      }
    } catch (InterruptedException e) {
      worker.shutdownNow();
      Thread.currentThread().interrupt();
    }
    drift.stop(false);
  }
}
