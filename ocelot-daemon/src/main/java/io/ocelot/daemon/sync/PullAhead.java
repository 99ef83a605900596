package io.ocelot.daemon.sync;

import io.ocelot.api.model.ImageReference;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.StageAheadStatus;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostLock;
import io.ocelot.daemon.node.NodeView;
import io.ocelot.daemon.txn.HostContext;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stage ahead on the node: while it is Done and waiting for its turn, the image the controller asks
 * for ({@code ocelot.io/stage-ahead}) is pulled into the host's store without deploying it, and the
 * answer goes on the node ({@code ocelot.io/stage-ahead-status}: Pulling, Pulled, Failed). The
 * update later stages that image without a pull. Nothing here changes what the next boot runs, so
 * there is nothing to undo: a rollout that moves on leaves only a cached image, which the OS tool
 * prunes with its other unused images.
 */
final class PullAhead {
  private static final Logger LOG = LoggerFactory.getLogger(PullAhead.class);

  private final HostContext host;
  private final NodeReporter reporter;
  private final String lockHolder;

  PullAhead(HostContext host, NodeReporter reporter, String lockHolder) {
    this.host = host;
    this.reporter = reporter;
    this.lockHolder = lockHolder;
  }

  /** What to do about the node's ask, decided from what it says and what the host boots. */
  sealed interface Decision {}

  /** No ask, or it is answered already. */
  record Nothing() implements Decision {}

  /** The answer to an ask that is gone: removed. */
  record Clear() implements Decision {}

  /** Pull this image. */
  record Pull(String image) implements Decision {}

  /** Answer without a pull: Pulled (the host boots it already) or Failed (why). */
  record Answer(StageAheadStatus status) implements Decision {}

  /**
   * {@code booted}: the host's booted image, asked only when there is an ask to answer. A Pulling
   * left by a daemon that stopped mid-pull is pulled again.
   */
  static Decision decide(Map<String, String> annotations, ThrowingSupplier booted)
      throws HostException {
    String ask = annotations.get(NodeAnnotations.STAGE_AHEAD);
    if (ask == null || ask.isEmpty()) {
      // The ask went without a turn (the rollout was undone or moved on): so does the answer.
      return annotations.containsKey(NodeAnnotations.STAGE_AHEAD_STATUS)
          ? new Clear()
          : new Nothing();
    }
    Optional<StageAheadStatus> status =
        StageAheadStatus.parse(annotations.get(NodeAnnotations.STAGE_AHEAD_STATUS));
    if (status.filter(s -> s.of(ask) && s.phase() != StageAheadStatus.Phase.Pulling).isPresent()) {
      return new Nothing();
    }
    Optional<String> problem = ImageReference.problem(ask);
    if (problem.isPresent()) {
      return new Answer(
          StageAheadStatus.failed(ask, "not a valid image reference: " + problem.get()));
    }
    if (booted.get().filter(ask::equals).isPresent()) {
      return new Answer(StageAheadStatus.pulled(ask));
    }
    return new Pull(ask);
  }

  /** The host's booted image, read only when needed. */
  @FunctionalInterface
  interface ThrowingSupplier {
    Optional<String> get() throws HostException;
  }

  /** Acts on the node's ask, if it has one; the pull runs under the host lock. */
  void consider(NodeView node) throws HostException {
    Decision d = decide(node.annotations(), () -> host.images().status().bootedImage());
    if (d instanceof Clear) {
      reporter.pullAhead(Optional.empty());
    } else if (d instanceof Answer a) {
      say(a.status());
    } else if (d instanceof Pull p) {
      say(StageAheadStatus.pulling(p.image()));
      LOG.info("node {}: pulling {} ahead of its turn", node.name(), p.image());
      StageAheadStatus result;
      try (HostLock.Lease lease = host.lock().acquire(lockHolder)) {
        host.images().download(p.image());
        result = StageAheadStatus.pulled(p.image());
      } catch (HostException e) {
        result = StageAheadStatus.failed(p.image(), e.getMessage());
        LOG.warn("node {}: pulling {} ahead failed: {}", node.name(), p.image(), e.getMessage());
      }
      say(result);
    }
  }

  private void say(StageAheadStatus status) throws HostException {
    reporter.pullAhead(Optional.of(status));
  }
}
