package io.ocelot.cli;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.ImageReference;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.render.RenderDefaults;
import io.ocelot.api.text.Printable;
import io.ocelot.daemon.host.HostLock;
import io.ocelot.daemon.host.HostStatus;
import io.ocelot.daemon.plan.Observed;
import io.ocelot.daemon.plan.PlanResult;
import io.ocelot.daemon.plan.Planner;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdateConfigs;
import io.ocelot.daemon.plan.UpdatePlan;
import io.ocelot.daemon.txn.Attempt;
import io.ocelot.daemon.txn.DrainHandshake;
import io.ocelot.daemon.txn.EngineMetrics;
import io.ocelot.daemon.txn.EngineOutcome;
import io.ocelot.daemon.txn.FailureJson;
import io.ocelot.daemon.txn.FailureRecord;
import io.ocelot.daemon.txn.HostContext;
import io.ocelot.daemon.txn.Preflight;
import io.ocelot.daemon.txn.Recovery;
import io.ocelot.daemon.txn.StartingPoint;
import io.ocelot.daemon.txn.StateStore;
import io.ocelot.daemon.txn.Target;
import io.ocelot.daemon.txn.UpdateEngine;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ocelot host apply}: one update transaction, up to and including the reboot request. */
@Command(
    name = "apply",
    mixinStandardHelpOptions = true,
    description = {
      "Apply an update to a host root as one transaction, up to and including the reboot"
          + " request. On failure every step is undone and the failure record printed.",
      "Exit 0 when the reboot was requested (or the update completed without one), 1 when the"
          + " update failed and was rolled back (or is unreconcilable), 2 when an input cannot be"
          + " read, 3 when the rollback itself failed."
    })
final class HostApplyCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--root", required = true, description = "The host root.")
  Path root;

  @Option(names = "--current", required = true, arity = "1..*", paramLabel = "FILE")
  List<Path> current;

  @Option(names = "--desired", required = true, arity = "1..*", paramLabel = "FILE")
  List<Path> desired;

  @Option(names = "--current-image", description = "The node's current layered image.")
  String currentImage;

  @Option(names = "--desired-image", description = "The desired layered image.")
  String desiredImage;

  @Option(
      names = "--pool",
      defaultValue = "worker",
      description = "Pool for rendering several files.")
  String pool;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    // The images reach rpm-ostree's and bootc's arguments: held to the rules a config's are.
    for (String[] image :
        new String[][] {{"--current-image", currentImage}, {"--desired-image", desiredImage}}) {
      Optional<String> problem = Optional.ofNullable(image[1]).flatMap(ImageReference::problem);
      if (problem.isPresent()) {
        err.println("error: " + image[0] + " " + Printable.quote(image[1]) + ": " + problem.get());
        return ExitCodes.UNREADABLE;
      }
    }
    ConfigInputs.Resolved a =
        ConfigInputs.resolve("--current", current, pool, RenderDefaults.NONE, out, err);
    ConfigInputs.Resolved b =
        ConfigInputs.resolve("--desired", desired, pool, RenderDefaults.NONE, out, err);
    if (a.config().isEmpty() || b.config().isEmpty()) {
      return Math.max(a.exitCode(), b.exitCode());
    }
    HostContext host = HostCommand.wire(root);
    try (HostLock.Lease lease = host.lock().acquire("ocelot host apply")) {
      return apply(lease, host, a.config().get(), b.config().get(), out);
    }
  }

  private int apply(
      HostLock.Lease lease,
      HostContext host,
      MachineConfig current,
      MachineConfig desired,
      PrintWriter out)
      throws Exception {
    StateStore store = HostCommand.store(host);
    EngineMetrics metrics = HostCommand.metrics();
    Clock clock = Clock.systemUTC();
    EngineOutcome recovered = new Recovery(host, store, metrics, clock).start(lease, Attempt.FIRST);
    if (!(recovered instanceof EngineOutcome.Idle)) {
      out.println("recovered an earlier attempt first: " + HostOutcomes.describe(recovered));
    }
    if (recovered instanceof EngineOutcome.Failed f && !f.failure().rolledBackCompletely()) {
      // The journal still holds the attempt whose undo failed: nothing new may start on a host
      // between two configs (this crashed with "an unfinished attempt is in the journal").
      out.println(
          "nothing new started: the earlier rollback is unfinished; fix its cause (above) and run"
              + " `ocelot host apply` again, which finishes the rollback first (`ocelot host"
              + " status` shows the journal)");
      return ExitCodes.ROLLBACK_FAILED;
    }
    UpdateConfigs configs =
        UpdateConfigs.of(target(current, currentImage), target(desired, desiredImage));
    List<String> differences = Preflight.differences(host, configs.fromIgnition());
    if (!differences.isEmpty()) {
      out.println(
          "the host is not on the --current config "
              + current.getMetadata().getName()
              + ", nothing changed on the host:");
      differences.forEach(d -> out.println("  - " + Printable.escape(d)));
      return ExitCodes.INVALID;
    }
    ConfigTarget from = configs.from();
    ConfigTarget to = configs.to();
    HostStatus status = host.images().status();
    Optional<String> elsewhere =
        StartingPoint.mismatch(from, to, store.marker(), status.bootedImage());
    if (elsewhere.isPresent()) {
      out.println(
          "the host is not on --current "
              + from.describe()
              + ", nothing changed on the host:\n  - "
              + Printable.escape(elsewhere.get()));
      return ExitCodes.INVALID;
    }
    PlanResult result =
        Planner.plan(
            configs, new Observed(status.bootedImage(), false, Optional.empty()), Optional.empty());
    if (result instanceof PlanResult.Unreconcilable u) {
      out.println("unreconcilable, nothing changed on the host:");
      u.reasons().forEach(r -> out.println("  - " + r));
      return ExitCodes.INVALID;
    }
    UpdatePlan plan = ((PlanResult.Ready) result).plan();
    if (plan.isNoop()) {
      out.println("nothing to do: the host is already on " + to.describe());
      return ExitCodes.OK;
    }
    out.println(plan.kind().description() + ": " + from.describe() + " -> " + to.describe());
    int n = 1;
    for (Step s : plan.steps()) {
      out.printf("  %2d. %s%n", n++, s.summary());
    }
    Target target = new Target(to.name(), to.image());
    Attempt attempt =
        store
            .lastFailure()
            .filter(f -> f.target().equals(target))
            .map(Attempt::after)
            .orElse(Attempt.FIRST);
    EngineOutcome outcome =
        new UpdateEngine(
                host,
                store,
                DrainHandshake.NO_CLUSTER,
                metrics,
                clock,
                () -> UUID.randomUUID().toString())
            .apply(lease, plan, attempt);
    out.println(HostOutcomes.describe(outcome));
    if (outcome instanceof EngineOutcome.Failed f) {
      printRecord(out, f.failure());
      return f.failure().rolledBackCompletely() ? ExitCodes.INVALID : ExitCodes.ROLLBACK_FAILED;
    }
    return ExitCodes.OK;
  }

  static void printRecord(PrintWriter out, FailureRecord record) throws Exception {
    out.println("failure record:");
    out.println(
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(FailureJson.write(record)));
  }

  private static ConfigTarget target(MachineConfig config, String image) {
    return new ConfigTarget(config, Optional.ofNullable(image));
  }
}
