package io.ocelot.daemon.node.mcn;

import io.ocelot.api.disruption.Disruption;
import io.ocelot.api.model.IrreconcilableChangeDiff;
import io.ocelot.api.model.McnPinnedImageSet;
import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.Target;
import java.util.List;
import java.util.Optional;

/** A point of an update the node's MachineConfigNode reports; one status write each at most. */
public sealed interface McnMilestone {

  /** The plan is made and compatible; the engine starts. */
  record Started(
      String from,
      Target to,
      Disruption disruption,
      boolean stagesImage,
      List<IrreconcilableChangeDiff> irreconcilable)
      implements McnMilestone {
    public Started {
      irreconcilable = List.copyOf(irreconcilable);
    }

    public Started(String from, Target to, Disruption disruption, boolean stagesImage) {
      this(from, to, disruption, stagesImage, List.of());
    }

    boolean drain() {
      return disruption.drain();
    }
  }

  /**
   * The controller cannot drain the node for {@code request} yet: {@code why} names the pods and
   * budgets that refuse it (empty: nothing refuses any more, the evicted pods are ending).
   */
  record DrainBlocked(String request, Optional<String> why) implements McnMilestone {}

  /**
   * While the node waits for its turn: whose reboot lease keeps it from starting, as the
   * controller's {@code ocelot.io/reboot-lease-held} says (empty: none, or no longer).
   */
  record LeaseHeld(Optional<String> why) implements McnMilestone {}

  /** The controller cordoned and drained the node for {@code request}. */
  record Drained(String request) implements McnMilestone {}

  /**
   * Every change is on disk; the reboot into the started update's target is about to be requested.
   */
  record Rebooting() implements McnMilestone {}

  /** The node runs {@code target}, validated and uncordoned. */
  record Done(Target target) implements McnMilestone {}

  /** The update failed; {@code reason} is the node's reason annotation. */
  record Failed(String reason, String reasonClass, Optional<FailureRecord> failure)
      implements McnMilestone {}

  /**
   * Where the node stands on its pool's pinned image sets ({@code sets}, upstream's entries; empty:
   * the pool has none any more) and what it does about them. Independent of updates: an update's
   * reset leaves these conditions alone.
   */
  record Pins(List<McnPinnedImageSet> sets, PinPhase phase) implements McnMilestone {
    public Pins {
      sets = List.copyOf(sets);
    }
  }

  /** What the node does about its pinned images. */
  enum PinPhase {
    /** Pulling the sets' images. */
    PULLING,
    /** Every image is pulled and pinned (or, with no sets, nothing is pinned any more). */
    DONE,
    /** A pull or the storage check failed; the entries say why. */
    FAILED
  }

  /** The desired config cannot be applied to a running node. */
  record Unreconcilable(String from, String to, String reason) implements McnMilestone {}
}
