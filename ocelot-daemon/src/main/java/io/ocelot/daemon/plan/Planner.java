package io.ocelot.daemon.plan;

import io.ocelot.api.disruption.Change;
import io.ocelot.api.disruption.ConfigDiff;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.Disruption;
import io.ocelot.api.disruption.UpdateDisruption;
import io.ocelot.api.ignition.FileEntry;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.api.ignition.User;
import io.ocelot.api.model.ImageReference;
import io.ocelot.api.model.MachineConfigRules;
import io.ocelot.api.model.MachineConfigSpec;
import io.ocelot.api.node.DrainRequest;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import io.ocelot.api.render.Reconcilability;
import io.ocelot.api.text.Printable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Plans an update from the current to the desired side, purely: diff, reconcilability, disruption,
 * ordered steps. It reads nothing from the host; what it must know of the host comes in as {@link
 * Observed}.
 */
public final class Planner {
  private Planner() {}

  /** How the note of a change an existing node skips begins. */
  public static final String SKIPPED = "skipped the ";

  /** Plans with MCO's legacy disruption rules (a cluster without a node disruption policy). */
  public static PlanResult plan(ConfigTarget current, ConfigTarget desired, Observed observed) {
    return plan(current, desired, observed, Optional.empty());
  }

  /**
   * Plans with the cluster's node disruption policy ({@code status.nodeDisruptionPolicyStatus
   * .clusterPolicies} of MachineConfiguration/cluster) when there is one.
   */
  public static PlanResult plan(
      ConfigTarget current,
      ConfigTarget desired,
      Observed observed,
      Optional<NodeDisruptionPolicy> policy) {
    return plan(UpdateConfigs.of(current, desired), observed, policy);
  }

  /** Plans an update whose configs are parsed already. */
  public static PlanResult plan(
      UpdateConfigs configs, Observed observed, Optional<NodeDisruptionPolicy> policy) {
    return plan(configs, observed, policy, Set.of());
  }

  /**
   * The same, with MachineConfiguration's {@code irreconcilableValidationOverrides}: changes to the
   * {@code overridden} sections ({@code storage.disks}, ...) are skipped, with a note, instead of
   * making the node Unreconcilable.
   */
  public static PlanResult plan(
      UpdateConfigs configs,
      Observed observed,
      Optional<NodeDisruptionPolicy> policy,
      Set<String> overridden) {
    ConfigTarget current = configs.from();
    ConfigTarget desired = configs.to();
    List<String> parseFailures = new ArrayList<>();
    IgnitionConfig currentIgn = valid(configs.fromIgnition(), current, "old", parseFailures);
    IgnitionConfig desiredIgn = valid(configs.toIgnition(), desired, "new", parseFailures);
    List<String> reasons = new ArrayList<>(parseFailures);
    imageProblem(current, desired).ifPresent(reasons::add);
    if (parseFailures.isEmpty()) {
      reasons.addAll(
          Reconcilability.reasons(
              currentIgn,
              current.config().getSpec(),
              desiredIgn,
              desired.config().getSpec(),
              observed.fips(),
              overridden));
    }
    if (!reasons.isEmpty()) {
      String message =
          "can't reconcile config "
              + current.name()
              + " with "
              + desired.name()
              + ": "
              + String.join(", ", reasons);
      return new PlanResult.Unreconcilable(reasons, message);
    }
    ConfigDiff diff =
        ConfigDiff.between(current, currentIgn, desired, desiredIgn, observed.forceFile());
    Disruption disruption = UpdateDisruption.judge(diff, observed.forceFile(), policy);
    UpdatePlan plan = build(current, desired, diff, disruption, observed, currentIgn, desiredIgn);
    List<String> skipped = Reconcilability.skipped(currentIgn, desiredIgn, overridden);
    if (skipped.isEmpty()) {
      return new PlanResult.Ready(plan);
    }
    List<String> notes = new ArrayList<>(plan.notes());
    skipped.forEach(
        section ->
            notes.add(
                SKIPPED
                    + section
                    + " change: an existing node cannot apply it; nodes provisioned from now on"
                    + " get it (irreconcilableValidationOverrides)"));
    return new PlanResult.Ready(
        new UpdatePlan(
            plan.kind(),
            plan.from(),
            plan.to(),
            plan.diff(),
            plan.disruption(),
            plan.steps(),
            plan.commit(),
            notes));
  }

  /**
   * A desired image that {@code rpm-ostree rebase} must never see: malformed, or none at all where
   * the node has to leave a layered image. (No image on a non-layered node keeps the booted one.)
   */
  private static Optional<String> imageProblem(ConfigTarget current, ConfigTarget desired) {
    String image = desired.effectiveImage();
    if (image.isEmpty()) {
      return current.isLayered()
          ? Optional.of(
              "machineconfig \""
                  + desired.name()
                  + "\" names no OS image (spec.osImageURL is empty) to leave the layered image "
                  + current.effectiveImage()
                  + " for")
          : Optional.empty();
    }
    return ImageReference.problem(image)
        .map(
            why ->
                "the desired image "
                    + Printable.quote(image)
                    + " of machineconfig \""
                    + desired.name()
                    + "\" is not a valid image reference: "
                    + why);
  }

  private static IgnitionConfig valid(
      IgnitionResult result, ConfigTarget side, String which, List<String> failures) {
    if (result instanceof IgnitionResult.Valid valid) {
      return valid.config();
    }
    String problems =
        ((IgnitionResult.Invalid) result)
            .errors().stream().map(Object::toString).collect(Collectors.joining("; "));
    failures.add(
        "parsing "
            + which
            + " Ignition config from machineconfig \""
            + side.name()
            + "\" failed: "
            + problems);
    return IgnitionConfig.EMPTY;
  }

  private static UpdatePlan build(
      ConfigTarget current,
      ConfigTarget desired,
      ConfigDiff diff,
      Disruption disruption,
      Observed observed,
      IgnitionConfig currentIgn,
      IgnitionConfig desiredIgn) {
    UpdateKind kind = UpdateKind.of(current, desired);
    List<Step> steps = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    if (disruption.drain()) {
      steps.add(new Step.RequestDrain(DrainRequest.drain(desired.name())));
    }
    stageImage(desired, diff, observed, steps, notes);
    kernelAndExtensions(kind, current, desired, diff, steps);
    for (Change<FileEntry> c : diff.fileChanges()) {
      steps.add(
          c.after().isPresent()
              ? new Step.WriteFile(c.after().get(), c.before())
              : new Step.RemoveFile(c.before().orElseThrow()));
    }
    for (Change<UnitEntry> c : diff.unitChanges()) {
      steps.add(
          c.after().isPresent()
              ? new Step.WriteUnit(c.after().get(), c.before())
              : new Step.RemoveUnit(c.before().orElseThrow()));
    }
    if (observed.forceFile()) {
      reapply(desiredIgn, diff, steps, notes);
    }
    passwd(core(currentIgn), core(desiredIgn), diff, steps);
    if (diff.kargs()) {
      steps.add(
          new Step.SetKernelArguments(
              ConfigDiff.kernelArguments(current.config().getSpec()),
              ConfigDiff.kernelArguments(desired.config().getSpec())));
    }
    if (kind == UpdateKind.OCL_REVERT) {
      steps.add(new Step.WriteRevertArtifacts(desired.name()));
    }
    // Last, once everything they read is on disk; a reboot needs none of them.
    disruption.services().forEach(s -> steps.add(new Step.RunService(s)));
    boolean sameTarget =
        current.name().equals(desired.name()) && current.image().equals(desired.image());
    Optional<Commit> commit =
        steps.isEmpty() && sameTarget && diff.isEmpty()
            ? Optional.empty()
            : Optional.of(Commit.of(desired, disruption.action(), diff.oclEnabled()));
    return new UpdatePlan(kind, current, desired, diff, disruption, steps, commit, notes);
  }

  /**
   * The force file re-applies the desired config (MCO writes every file and unit then): the ones
   * the diff left out are written too, so a host that drifted from its config gets it back.
   */
  private static void reapply(
      IgnitionConfig desired, ConfigDiff diff, List<Step> steps, List<String> notes) {
    List<String> changed = diff.fileChanges().stream().map(Change::key).toList();
    List<String> changedUnits = diff.unitChanges().stream().map(Change::key).toList();
    int before = steps.size();
    desired.files().stream()
        .filter(f -> !changed.contains(f.path()))
        .forEach(f -> steps.add(new Step.WriteFile(f, Optional.of(f))));
    desired.units().stream()
        .filter(u -> !changedUnits.contains(u.name()))
        .forEach(u -> steps.add(new Step.WriteUnit(u, Optional.of(u))));
    if (steps.size() > before) {
      notes.add(
          "the force file re-applies every file and unit of the desired config ("
              + (steps.size() - before)
              + " unchanged ones written again)");
    }
  }

  /** Staging is "ensure staged or booted": nothing to stage when the target is already booted. */
  private static void stageImage(
      ConfigTarget desired,
      ConfigDiff diff,
      Observed observed,
      List<Step> steps,
      List<String> notes) {
    if (!diff.osUpdate()) {
      return;
    }
    String target = desired.effectiveImage();
    if (target.isEmpty()) {
      notes.add("staging skipped: the desired config names no OS image; the node keeps its own");
      return;
    }
    if (observed.bootedImage().filter(target::equals).isPresent()) {
      notes.add("staging skipped: the node already booted " + target);
      return;
    }
    steps.add(new Step.StageImage(target));
  }

  /**
   * Kernel type and extensions are rpm-ostree changes on non-layered nodes. A layered image has
   * them baked in; reverting to the base image (default kernel, no extensions) must reapply the
   * config's.
   */
  private static void kernelAndExtensions(
      UpdateKind kind,
      ConfigTarget current,
      ConfigTarget desired,
      ConfigDiff diff,
      List<Step> steps) {
    MachineConfigSpec a = current.config().getSpec();
    MachineConfigSpec b = desired.config().getSpec();
    String kernelFrom = MachineConfigRules.canonicalKernelType(a.getKernelType());
    String kernelTo = MachineConfigRules.canonicalKernelType(b.getKernelType());
    if (kind == UpdateKind.CLASSIC) {
      if (diff.kernelType()) {
        steps.add(new Step.SwitchKernel(kernelFrom, kernelTo));
      }
      if (diff.extensions()) {
        steps.add(new Step.UpdateExtensions(a.getExtensions(), b.getExtensions()));
      }
    } else if (kind == UpdateKind.OCL_REVERT) {
      if (!kernelTo.equals(MachineConfigRules.KERNEL_DEFAULT)) {
        steps.add(new Step.SwitchKernel(MachineConfigRules.KERNEL_DEFAULT, kernelTo));
      }
      if (!b.getExtensions().isEmpty()) {
        steps.add(new Step.UpdateExtensions(List.of(), b.getExtensions()));
      }
    }
  }

  private static void passwd(
      Optional<User> before, Optional<User> after, ConfigDiff diff, List<Step> steps) {
    if (diff.sshKeys()) {
      steps.add(new Step.WriteSshKeys(ConfigDiff.sshKeys(after), ConfigDiff.sshKeys(before)));
    }
    if (diff.passwordHash()) {
      steps.add(
          new Step.SetPasswordHash(
              after.flatMap(User::passwordHash), before.flatMap(User::passwordHash)));
    }
  }

  private static Optional<User> core(IgnitionConfig config) {
    return config.passwd().user(User.CORE);
  }
}
