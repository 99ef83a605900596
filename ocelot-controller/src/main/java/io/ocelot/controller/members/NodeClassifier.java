package io.ocelot.controller.members;

import io.ocelot.api.node.NodeState;
import java.util.Optional;

/** MCO's per-node predicates for a pool target (its status.go), with their layered variants. */
public final class NodeClassifier {
  private NodeClassifier() {}

  /** On the target, Done, and (non-layered) with no image annotations at all. */
  public static boolean updated(PoolNode n, PoolTarget t) {
    boolean configs =
        n.currentConfig().equals(Optional.of(t.config()))
            && n.desiredConfig().equals(Optional.of(t.config()));
    boolean images =
        t.layered()
            ? n.currentImage().equals(t.image()) && n.desiredImage().equals(t.image())
            : n.currentImage().isEmpty() && n.desiredImage().isEmpty();
    return configs && images && n.phase() == NodeState.DONE;
  }

  /** Finished with whatever it was last told (whether or not that is the pool's target). */
  public static boolean done(PoolNode n, boolean layeredPool) {
    if (n.currentConfig().isEmpty() || n.desiredConfig().isEmpty()) {
      return false;
    }
    if (layeredPool) {
      if (n.desiredImage().isEmpty()) {
        return true; // not yet targeted with an image (first opt-in)
      }
      if (n.currentImage().isEmpty()) {
        return false;
      }
      return n.currentConfig().equals(n.desiredConfig())
          && n.currentImage().equals(n.desiredImage())
          && n.phase() == NodeState.DONE;
    }
    if (n.currentImage().isPresent() && n.desiredImage().isEmpty()) {
      return false; // reverting from layering until the daemon deletes currentImage
    }
    return n.currentConfig().equals(n.desiredConfig()) && n.phase() == NodeState.DONE;
  }

  /** The daemon gave up on its current target (and so the node may be retargeted). */
  public static boolean failing(PoolNode n) {
    return n.phase().isFailing() && !n.currentConfig().equals(n.desiredConfig());
  }

  /** Not ready, or working toward a target it has not reached (and not failing at it). */
  public static boolean unavailable(PoolNode n, boolean layeredPool) {
    if (!n.ready()) {
      return true;
    }
    if (done(n, layeredPool)) {
      return false;
    }
    return !failing(n);
  }

  /**
   * Told to go to the target, reporting Degraded or Unreconcilable, and not on it: its config or
   * (an image-only update of a layered pool) its image differs from the target's.
   */
  public static boolean failingTarget(PoolNode n, PoolTarget t) {
    return targeted(n, t) && failingDesired(n);
  }

  /**
   * Reporting Degraded or Unreconcilable and not on what it was told: unlike MCO's {@link
   * #failing}, a failed image-only update (the config unchanged) counts.
   */
  public static boolean failingDesired(PoolNode n) {
    boolean on =
        n.currentConfig().equals(n.desiredConfig()) && n.currentImage().equals(n.desiredImage());
    return n.desiredConfig().isPresent() && n.phase().isFailing() && !on;
  }

  /** Reporting Degraded or Unreconcilable while targeted at something. */
  public static boolean degraded(PoolNode n) {
    return n.desiredConfig().isPresent() && n.phase().isFailing();
  }

  /** Already told to go to the target. */
  public static boolean targeted(PoolNode n, PoolTarget t) {
    return n.desiredConfig().equals(Optional.of(t.config())) && n.desiredImage().equals(t.image());
  }
}
