package io.ocelot.daemon.sync;

import io.ocelot.api.node.DrainRequest;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.NodeState;
import io.ocelot.api.node.StageAheadStatus;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.node.DrainAsk;
import io.ocelot.daemon.node.NodeEvents;
import io.ocelot.daemon.node.NodeView;
import io.ocelot.daemon.node.NodeWriter;
import io.ocelot.daemon.node.mcn.McnMilestone;
import io.ocelot.daemon.node.mcn.McnWriter;
import io.ocelot.daemon.txn.FailureJson;
import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.Target;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one transition hook: every change of the daemon's phase goes through {@link #report}, which
 * checks the transition against {@link NodePhase}'s table, then writes the annotations, emits the
 * events and sets the metrics of the report. No other call site does any of that for a state
 * change: the drain request of a retry ({@link #ask}), the admin's retry marks and the settled
 * node's gauges are written here too.
 */
public final class NodeReporter implements DrainAsk {
  private static final Logger LOG = LoggerFactory.getLogger(NodeReporter.class);

  private final NodeWriter writer;
  private final NodeEvents events;
  private final DaemonMetrics metrics;
  private final McnWriter mcn;
  private final Clock clock;
  private NodePhase phase = NodePhase.STARTING;

  public NodeReporter(
      NodeWriter writer, NodeEvents events, DaemonMetrics metrics, McnWriter mcn, Clock clock) {
    this.writer = writer;
    this.events = events;
    this.metrics = metrics;
    this.mcn = mcn;
    this.clock = clock;
  }

  public synchronized NodePhase phase() {
    return phase;
  }

  /**
   * Starts from what the node's annotation says (the previous daemon's last word): the one
   * transition without a write, checked against the table like every other, and only from STARTING
   * (later the daemon's own word counts, not the annotation).
   */
  public synchronized void resume(NodeState state) {
    if (phase != NodePhase.STARTING) {
      return;
    }
    NodePhase to = NodePhase.ofAnnotation(state);
    if (!phase.canGo(to)) {
      throw new IllegalStateException("transition not allowed: " + phase + " -> " + to);
    }
    LOG.atInfo()
        .addKeyValue("phase", to)
        .log("node phase {} -> {} (resumed from the node's state annotation)", phase, to);
    phase = to;
    metrics.state(state, "", clock.instant());
  }

  /**
   * The node still holds the target it reported holding (a fresh process after a restart finds it
   * so): nothing to write, the gauge says so.
   */
  public synchronized void stillHolding() {
    metrics.held(true);
  }

  public synchronized void report(Report r) throws HostException {
    NodePhase from = phase;
    NodePhase to = r.phase();
    if (!from.canGo(to)) {
      throw new IllegalStateException("transition not allowed: " + from + " -> " + to);
    }
    NodeView node = NodeView.of(writer.read());
    writer.write(annotations(r));
    milestone(r).ifPresent(m -> mcn.report(m, node.currentConfig()));
    emit(node, from, r);
    count(r, clock.instant());
    if (to != from) {
      LOG.atInfo().addKeyValue("phase", to).log("node phase {} -> {}", from, to);
    }
    phase = to;
  }

  /**
   * Progress within a phase, for the MachineConfigNode only (the node's annotations have no word
   * for it).
   */
  public synchronized void progress(McnMilestone m) throws HostException {
    mcn.report(m, NodeView.of(writer.read()).currentConfig());
  }

  /**
   * Where the node's pull ahead of its turn stands ({@code ocelot.io/stage-ahead-status}); empty
   * removes it.
   */
  public synchronized void pullAhead(Optional<StageAheadStatus> status) throws HostException {
    Map<String, Optional<String>> a = NodeWriter.changes();
    a.put(NodeAnnotations.STAGE_AHEAD_STATUS, status.map(StageAheadStatus::value));
    writer.write(a);
  }

  /**
   * The node is on {@code target} and stays there: the MachineConfigNode says so (once) and the
   * failing gauges clear.
   */
  public synchronized void settled(Target target) throws HostException {
    progress(new McnMilestone.Done(target));
    metrics.engine().settled();
  }

  @Override
  public synchronized void blocked(DrainRequest request, Optional<String> why)
      throws HostException {
    progress(new McnMilestone.DrainBlocked(request.value(), why));
  }

  /**
   * A retry asks for its drain again while the node stays Degraded (MCO's state for a retry): the
   * request and MCO's two events, as Working sends them for a first attempt.
   */
  @Override
  public synchronized void ask(DrainRequest request) throws HostException {
    NodeView node = NodeView.of(writer.read());
    Map<String, Optional<String>> a = NodeWriter.changes();
    a.put(NodeAnnotations.DESIRED_DRAIN, Optional.of(request.value()));
    writer.write(a);
    announceDrain(node);
  }

  /**
   * An admin's retry request is used up by the update it starts (or by a node with nothing to do),
   * and a held target's mark goes with the update that replaces it. True when an admin had asked.
   */
  public synchronized boolean clearRetryMarks(NodeView node, boolean updating)
      throws HostException {
    Map<String, Optional<String>> changes = NodeWriter.changes();
    boolean asked = node.get(NodeAnnotations.RETRY_REQUESTED).isPresent();
    if (asked) {
      changes.put(NodeAnnotations.RETRY_REQUESTED, Optional.empty());
    }
    if (updating && node.get(NodeAnnotations.FAILED_TARGET).isPresent()) {
      changes.put(NodeAnnotations.FAILED_TARGET, Optional.empty());
    }
    if (!changes.isEmpty()) {
      writer.write(changes);
    }
    return asked;
  }

  /** When to report again for a MachineConfigNode that did not exist yet. */
  public Optional<Duration> mcnRetryIn() {
    return mcn.retryIn();
  }

  private static Optional<McnMilestone> milestone(Report r) {
    if (r instanceof Report.Rebooting) {
      return Optional.of(new McnMilestone.Rebooting());
    } else if (r instanceof Report.Done d && d.uncordon().isEmpty()) {
      return Optional.of(new McnMilestone.Done(d.target()));
    } else if (r instanceof Report.Restored s) {
      return Optional.of(new McnMilestone.Done(s.target()));
    } else if (r instanceof Report.Degraded d) {
      return Optional.of(new McnMilestone.Failed(d.reason(), d.reasonClass(), d.failure()));
    } else if (r instanceof Report.Unreconcilable u) {
      return Optional.of(new McnMilestone.Unreconcilable(u.from(), u.to(), u.reason()));
    }
    // Working: the update's start is reported with its plan (Started), also on a retry.
    return Optional.empty();
  }

  private static Map<String, Optional<String>> annotations(Report r) {
    Map<String, Optional<String>> a = NodeWriter.changes();
    if (r instanceof Report.Working w) {
      w.drain().ifPresent(d -> a.put(NodeAnnotations.DESIRED_DRAIN, Optional.of(d.value())));
      if (w.rebooting()) {
        a.put(
            NodeAnnotations.POST_CONFIG_ACTION,
            Optional.of(NodeAnnotations.POST_CONFIG_ACTION_REBOOTING));
      }
    }
    if (r instanceof Report.Rebooting) {
      // The state stays what it was (Working, or Degraded on a retry) until the next boot; after
      // a Working that announced the reboot this changes nothing and sends nothing.
      a.put(
          NodeAnnotations.POST_CONFIG_ACTION,
          Optional.of(NodeAnnotations.POST_CONFIG_ACTION_REBOOTING));
      return a;
    }
    a.put(NodeAnnotations.STATE, Optional.of(r.phase().state().value()));
    if (r instanceof Report.Done d) {
      a.put(NodeAnnotations.CURRENT_CONFIG, Optional.of(d.target().config()));
      a.put(NodeAnnotations.CURRENT_IMAGE, d.target().image());
      if (d.target().image().isEmpty()) {
        a.put(NodeAnnotations.DESIRED_IMAGE, Optional.empty());
      }
      a.put(NodeAnnotations.REASON, Optional.of(""));
      a.put(NodeAnnotations.LAST_FAILURE, Optional.empty());
      a.put(NodeAnnotations.FAILED_TARGET, Optional.empty());
      a.put(NodeAnnotations.POST_CONFIG_ACTION, Optional.empty());
      // A pull ahead of the update is over with it (an ask left on the node is answered anew).
      a.put(NodeAnnotations.STAGE_AHEAD_STATUS, Optional.empty());
      d.uncordon().ifPresent(u -> a.put(NodeAnnotations.DESIRED_DRAIN, Optional.of(u.value())));
    } else if (r instanceof Report.Restored s) {
      a.put(NodeAnnotations.CURRENT_CONFIG, Optional.of(s.target().config()));
      s.target().image().ifPresent(i -> a.put(NodeAnnotations.CURRENT_IMAGE, Optional.of(i)));
      if (s.desiredToo()) {
        a.put(NodeAnnotations.DESIRED_CONFIG, Optional.of(s.target().config()));
        s.target().image().ifPresent(i -> a.put(NodeAnnotations.DESIRED_IMAGE, Optional.of(i)));
      }
      a.put(NodeAnnotations.REASON, Optional.of(""));
    } else if (r instanceof Report.Degraded d) {
      a.put(NodeAnnotations.REASON, Optional.of(truncate(d.reason())));
      // A failed reboot request must not leave "Rebooting" behind (MCO does).
      a.put(NodeAnnotations.POST_CONFIG_ACTION, Optional.empty());
      a.put(NodeAnnotations.FAILED_TARGET, d.hold().map(TargetHold::json));
      d.failure()
          .ifPresent(
              f ->
                  a.put(
                      NodeAnnotations.LAST_FAILURE, Optional.of(FailureJson.write(f).toString())));
    } else if (r instanceof Report.Unreconcilable u) {
      a.put(NodeAnnotations.REASON, Optional.of(truncate(u.reason())));
      a.put(NodeAnnotations.FAILED_TARGET, Optional.empty());
    }
    return a;
  }

  private void emit(NodeView node, NodePhase from, Report r) {
    if (r instanceof Report.Working w && w.drain().isPresent()) {
      announceDrain(node);
    } else if (r instanceof Report.Done d) {
      if (from != NodePhase.DONE) {
        events.normal(
            node,
            "NodeDone",
            "Setting node " + node.name() + ", currentConfig " + d.target().config() + " to Done");
      }
      d.warnings().forEach(w -> events.warning(node, w.reason(), w.message()));
    } else if (r instanceof Report.Restored s) {
      events.normal(
          node,
          "AnnotationsRestored",
          "Node "
              + node.name()
              + " had no "
              + NodeAnnotations.CURRENT_CONFIG
              + " annotation; restored from the host's commit marker: "
              + s.target().describe()
              + (s.desiredToo() ? " (current and desired)" : ""));
    } else if (r instanceof Report.Rebooting b) {
      events.normal(node, "Reboot", b.rationale());
    } else if (r instanceof Report.Degraded d) {
      d.refusedBy().ifPresent(check -> events.warning(node, check, d.reason()));
      if (d.failure().isPresent()) {
        failureEvents(node, d.failure().get());
      } else {
        events.warning(node, "UpdateFailed", d.reason());
      }
    } else if (r instanceof Report.Unreconcilable u) {
      events.warning(node, "FailedToReconcile", u.reason());
    }
  }

  private void count(Report r, Instant now) {
    if (!(r instanceof Report.Rebooting)) {
      metrics.held(r instanceof Report.Degraded d && d.hold().isPresent());
    }
    if (r instanceof Report.Working) {
      metrics.state(NodeState.WORKING, "", now);
    } else if (r instanceof Report.Restored) {
      metrics.state(NodeState.DONE, "", now);
    } else if (r instanceof Report.Done d) {
      metrics.state(NodeState.DONE, "", now);
      metrics.updateCompleted(
          "MachineConfig: "
              + d.target().config()
              + d.target().image().map(i -> " / Image: " + i).orElse(""),
          now);
      metrics.engine().settled();
    } else if (r instanceof Report.Degraded d) {
      metrics.state(NodeState.DEGRADED, d.reasonClass(), now);
    } else if (r instanceof Report.Unreconcilable) {
      metrics.state(NodeState.UNRECONCILABLE, ReasonClass.UNRECONCILABLE, now);
    }
  }

  /** MCO's events for a drain request, emitted once with the request. */
  private void announceDrain(NodeView node) {
    events.normal(node, "Cordon", "Cordoned node to apply update");
    events.normal(node, "Drain", "Draining node to update config.");
  }

  private void failureEvents(NodeView node, FailureRecord f) {
    Map<String, String> record =
        Map.of(NodeAnnotations.LAST_FAILURE, FailureJson.write(f).toString());
    events.record(node, "Warning", "UpdateFailed", f.message(), record);
    if (f.phase() == FailureRecord.Phase.HEALTH_CHECK) {
      events.record(node, "Warning", "HealthCheckFailed", f.cause(), record);
      if (f.rolledBackCompletely()) {
        events.record(
            node,
            "Normal",
            "UpdateRolledBack",
            "Rolled back to "
                + f.remainsOn().image().orElse(f.remainsOn().config())
                + " after a failed health check; node remains on "
                + f.remainsOn().describe(),
            record);
      }
      return;
    }
    long reverted =
        f.rollback().stream().filter(s -> s.outcome() == FailureRecord.Outcome.REVERTED).count();
    // No success-looking event for an undo that did nothing.
    if (reverted > 0) {
      events.record(
          node,
          f.rolledBackCompletely() ? "Normal" : "Warning",
          "UpdateRolledBack",
          "Rolled back "
              + reverted
              + (reverted == 1 ? " step" : " steps")
              + "; "
              + (f.rolledBackCompletely()
                  ? "node remains on " + f.remainsOn().describe()
                  : "rollback incomplete"),
          record);
    }
  }

  static String truncate(String reason) {
    int max = NodeAnnotations.REASON_MAX_LENGTH;
    return reason.length() <= max ? reason : reason.substring(0, max - 3) + "...";
  }
}
