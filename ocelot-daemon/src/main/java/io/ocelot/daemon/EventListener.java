package io.ocelot.daemon;

import io.ocelot.api.disruption.ServiceAction;
import io.ocelot.daemon.node.NodeView;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.txn.StepListener;
import java.util.Optional;

/** Turns the engine's progress into MCO's step events on the Node, and records the reboot. */
final class EventListener implements StepListener {
  private final Daemon daemon;

  EventListener(Daemon daemon) {
    this.daemon = daemon;
  }

  @Override
  public void stepStarting(Step step) {
    Optional<NodeView> node = daemon.currentView();
    if (node.isEmpty()) {
      return;
    }
    if (step instanceof Step.StageImage s) {
      daemon
          .events()
          .normal(node.get(), "InClusterUpgrade", "Updating from oscontainer " + s.image());
      daemon.events().normal(node.get(), "OSUpdateStarted", "Upgrading OS");
    } else if (step instanceof Step.SwitchKernel) {
      daemon.events().normal(node.get(), "OSUpdateStarted", "Changing kernel type");
    } else if (step instanceof Step.UpdateExtensions) {
      daemon.events().normal(node.get(), "OSUpdateStarted", "Installing extensions");
    } else if (step instanceof Step.SetKernelArguments) {
      daemon.events().normal(node.get(), "OSUpdateStarted", "Changing kernel arguments");
    }
  }

  @Override
  public void stepApplied(Step step) {
    if (step instanceof Step.RequestDrain d) {
      daemon.drained(d.request().value());
    } else if (step instanceof Step.StageImage) {
      daemon
          .currentView()
          .ifPresent(n -> daemon.events().normal(n, "OSUpdateStaged", "Changes to OS staged"));
    } else if (step instanceof Step.RunService s) {
      ServiceAction a = s.action();
      String message =
          switch (a.kind()) {
            case RELOAD -> "Service " + a.unit() + " was reloaded.";
            case RESTART -> "Service " + a.unit() + " was restarted.";
            case DAEMON_RELOAD -> "The systemd manager configuration was reloaded.";
          };
      String reason = a.kind() == ServiceAction.Kind.RESTART ? "ServiceRestart" : "ServiceReload";
      daemon
          .currentView()
          .ifPresent(
              n ->
                  daemon
                      .events()
                      .normal(n, reason, "Config changes do not require reboot. " + message));
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
      daemon.currentView().ifPresent(n -> daemon.events().warning(n, reason, message));
    }
  }

  @Override
  public void rebooting(String rationale) {
    daemon.rebooting(rationale);
  }
}
