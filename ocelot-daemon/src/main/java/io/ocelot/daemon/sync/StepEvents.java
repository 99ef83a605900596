package io.ocelot.daemon.sync;

import io.ocelot.api.disruption.ServiceAction;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.node.NodeEvents;
import io.ocelot.daemon.node.NodeView;
import io.ocelot.daemon.node.mcn.McnMilestone;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.txn.StepListener;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the engine's progress into MCO's step events on the Node, and hands the drain's
 * acknowledgement and the reboot to the transition hook ({@link NodeReporter}): the engine's
 * listener reaches the node's state through the hook, never back through the sync loop.
 */
public final class StepEvents implements StepListener {
  private static final Logger LOG = LoggerFactory.getLogger(StepEvents.class);

  private final NodeEvents events;
  private final NodeReporter reporter;
  private final Supplier<Optional<NodeView>> node;

  public StepEvents(NodeEvents events, NodeReporter reporter, Supplier<Optional<NodeView>> node) {
    this.events = events;
    this.reporter = reporter;
    this.node = node;
  }

  @Override
  public void stepStarting(Step step) {
    Optional<NodeView> n = node.get();
    if (n.isEmpty()) {
      return;
    }
    if (step instanceof Step.StageImage s) {
      events.normal(n.get(), "InClusterUpgrade", "Updating from oscontainer " + s.image());
      events.normal(n.get(), "OSUpdateStarted", "Upgrading OS");
    } else if (step instanceof Step.SwitchKernel) {
      events.normal(n.get(), "OSUpdateStarted", "Changing kernel type");
    } else if (step instanceof Step.UpdateExtensions) {
      events.normal(n.get(), "OSUpdateStarted", "Installing extensions");
    } else if (step instanceof Step.SetKernelArguments) {
      events.normal(n.get(), "OSUpdateStarted", "Changing kernel arguments");
    }
  }

  @Override
  public void stepApplied(Step step) {
    if (step instanceof Step.RequestDrain d) {
      try {
        reporter.progress(new McnMilestone.Drained(d.request().value()));
      } catch (HostException e) {
        LOG.warn("could not report the drain of node: {}", e.getMessage());
      }
    } else if (step instanceof Step.StageImage) {
      node.get().ifPresent(n -> events.normal(n, "OSUpdateStaged", "Changes to OS staged"));
    } else if (step instanceof Step.RunService s) {
      ServiceAction a = s.action();
      String message =
          switch (a.kind()) {
            case RELOAD -> "Service " + a.unit() + " was reloaded.";
            case RESTART -> "Service " + a.unit() + " was restarted.";
            case DAEMON_RELOAD -> "The systemd manager configuration was reloaded.";
          };
      String reason = a.kind() == ServiceAction.Kind.RESTART ? "ServiceRestart" : "ServiceReload";
      node.get()
          .ifPresent(
              n -> events.normal(n, reason, "Config changes do not require reboot. " + message));
    }
  }

  @Override
  public void stepFailed(Step step, String error) {
    if (step instanceof Step.RunService s) {
      ServiceAction a = s.action();
      String message =
          switch (a.kind()) {
            case RELOAD -> "Reloading service " + a.unit() + " failed. Error: " + error;
            case RESTART -> "Restarting " + a.unit() + " service failed. Error: " + error;
            case DAEMON_RELOAD -> "Reloading systemd manager configuration failed. Error: " + error;
          };
      String reason =
          a.kind() == ServiceAction.Kind.RESTART ? "FailedServiceRestart" : "FailedServiceReload";
      node.get().ifPresent(n -> events.warning(n, reason, message));
    }
  }

  @Override
  public void rebooting(String rationale) {
    try {
      reporter.report(new Report.Rebooting(rationale));
    } catch (HostException e) {
      LOG.warn("could not record the reboot on the node: {}", e.getMessage());
    }
  }
}
