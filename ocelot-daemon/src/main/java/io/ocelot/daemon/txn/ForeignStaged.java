package io.ocelot.daemon.txn;

import io.ocelot.api.disruption.PostAction;
import io.ocelot.daemon.host.HostStatus;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdatePlan;
import java.util.Optional;

/**
 * A deployment staged before the update began (an admin's {@code rpm-ostree upgrade} waiting for a
 * reboot) is not the engine's to take: an OS step would discard it and its undo could not stage it
 * again (how it was made — an upgrade, a rebase, kernel arguments — is not recorded anywhere), and
 * the update's reboot would boot it instead of the update's own. So such an update does not start,
 * and says which deployment and what to do; an update that neither changes the deployment nor
 * reboots goes ahead, the staged deployment left alone.
 */
final class ForeignStaged {
  private ForeignStaged() {}

  /** Why {@code plan} cannot start while {@code status} has a staged deployment, if it cannot. */
  static Optional<String> conflict(UpdatePlan plan, HostStatus status, String tool) {
    if (status.staged().isEmpty()) {
      return Optional.empty();
    }
    boolean changesDeployment = plan.steps().stream().anyMatch(ForeignStaged::touchesDeployment);
    boolean reboots = plan.commit().map(c -> c.action() == PostAction.REBOOT).orElse(false);
    if (!changesDeployment && !reboots) {
      return Optional.empty();
    }
    String discard =
        tool.equals("rpm-ostree") ? "discard it (rpm-ostree cleanup -p)" : "discard it";
    return Optional.of(
        "a deployment of "
            + status.stagedImage().orElse("an unknown image")
            + " is staged on the host, not by this update (an upgrade or rebase waiting for a"
            + " reboot?): the update would "
            + (changesDeployment ? "discard it" : "boot it with its reboot")
            + " and could not put it back, so it does not start; nothing on the host was changed."
            + " Reboot into it or "
            + discard
            + ", and the update goes ahead");
  }

  private static boolean touchesDeployment(Step s) {
    return s instanceof Step.StageImage
        || s instanceof Step.SwitchKernel
        || s instanceof Step.UpdateExtensions
        || s instanceof Step.SetKernelArguments;
  }
}
