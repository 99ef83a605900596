package io.ocelot.daemon.node;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.HealthChecks;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.txn.BootIdSource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The built-in health check: after a boot into an update, the node's kubelet must report {@code
 * Ready=True} for this boot (the Node's {@code status.nodeInfo.bootID} is this boot's) within a
 * timeout. A kubelet that never comes up — a bad image's container runtime, CNI, kubelet config —
 * fails the boot like a failing greenboot script, and the update rolls back.
 */
public final class NodeReadyCheck implements HealthChecks {
  /** The check's name in messages: {@code health check node-ready failed after boot into …}. */
  public static final Check CHECK = new Check(HealthChecks.NODE_READY, "", true);

  private static final Duration POLL = Duration.ofSeconds(1);

  /** Reads the node: from the daemon's informer view, else from the API server. */
  @FunctionalInterface
  public interface NodeSource {
    Optional<Node> read() throws HostException;
  }

  private final NodeSource node;
  private final BootIdSource bootId;
  private final Clock clock;
  private final ClusterDrain.Sleeper sleeper;
  private final Duration timeout;

  /** {@code timeout} zero turns the check off. */
  public NodeReadyCheck(
      NodeSource node,
      BootIdSource bootId,
      Clock clock,
      ClusterDrain.Sleeper sleeper,
      Duration timeout) {
    this.node = node;
    this.bootId = bootId;
    this.clock = clock;
    this.sleeper = sleeper;
    this.timeout = timeout;
  }

  @Override
  public List<Outcome> run() throws HostException {
    if (timeout.isZero()) {
      return List.of();
    }
    String boot = bootId.current();
    Instant deadline = clock.instant().plus(timeout);
    while (true) {
      Optional<String> notReady = notReady(node.read(), boot);
      if (notReady.isEmpty()) {
        return List.of(outcome(0, ""));
      }
      if (!clock.instant().isBefore(deadline)) {
        return List.of(outcome(CommandResult.TIMED_OUT, notReady.get()));
      }
      try {
        sleeper.sleep(POLL);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new HostException("interrupted waiting for the node to be Ready", e);
      }
    }
  }

  private Outcome outcome(int exit, String why) {
    Command command = new Command("node-ready", List.of(), timeout);
    return new Outcome(CHECK, new CommandResult(command, exit, "", why));
  }

  /**
   * Empty when the node is Ready for boot {@code boot}; else what it shows instead. A node whose
   * status carries no boot ID (no kubelet writes one, as under a test server) is judged by its
   * Ready condition alone.
   */
  static Optional<String> notReady(Optional<Node> found, String boot) {
    if (found.isEmpty()) {
      return Optional.of("the node object is not found");
    }
    Node n = found.get();
    if (n.getStatus() == null) {
      return Optional.of("the kubelet has not reported the node's status");
    }
    String reported =
        n.getStatus().getNodeInfo() == null ? null : n.getStatus().getNodeInfo().getBootID();
    if (reported != null && !reported.isEmpty() && !reported.equals(boot)) {
      return Optional.of(
          "the kubelet has not reported since the boot (its bootID is " + reported + ")");
    }
    Optional<NodeCondition> ready =
        n.getStatus().getConditions() == null
            ? Optional.empty()
            : n.getStatus().getConditions().stream()
                .filter(c -> "Ready".equals(c.getType()))
                .findFirst();
    if (ready.isEmpty()) {
      return Optional.of("the kubelet has not reported the Ready condition");
    }
    NodeCondition c = ready.get();
    if ("True".equals(c.getStatus())) {
      return Optional.empty();
    }
    String because =
        (c.getReason() == null ? "" : c.getReason())
            + (c.getMessage() == null || c.getMessage().isEmpty() ? "" : ": " + c.getMessage());
    return Optional.of("Ready=" + c.getStatus() + (because.isEmpty() ? "" : " (" + because + ")"));
  }
}
