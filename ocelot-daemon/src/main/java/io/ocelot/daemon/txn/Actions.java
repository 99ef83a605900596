package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.Bytes;
import io.ocelot.daemon.plan.Step;
import java.util.Optional;

/** Turns the planner's steps into executable actions. */
final class Actions {
  private Actions() {}

  static Action of(Step step, DrainHandshake drain, Bytes desiredConfigJson) {
    if (step instanceof Step.RequestDrain d) {
      return drain(d, drain);
    }
    if (step instanceof Step.StageImage s) {
      return OsActions.stage(s.image());
    }
    if (step instanceof Step.SwitchKernel k) {
      return OsActions.switchKernel(k.from(), k.to());
    }
    if (step instanceof Step.UpdateExtensions e) {
      return OsActions.extensions(e.from(), e.to());
    }
    if (step instanceof Step.SetKernelArguments k) {
      return OsActions.kernelArguments(k.delete(), k.append());
    }
    if (step instanceof Step.WriteFile w) {
      return FileActions.write(w.file());
    }
    if (step instanceof Step.RemoveFile r) {
      return FileActions.remove(r.previous());
    }
    if (step instanceof Step.WriteUnit u) {
      return UnitActions.write(u.unit(), u.previous());
    }
    if (step instanceof Step.RemoveUnit r) {
      return UnitActions.remove(r.previous());
    }
    if (step instanceof Step.WriteSshKeys k) {
      return AccountActions.sshKeys(k.keys());
    }
    if (step instanceof Step.SetPasswordHash p) {
      return AccountActions.passwordHash(p.hash());
    }
    if (step instanceof Step.RunService s) {
      return service(s);
    }
    Step.WriteRevertArtifacts r = (Step.WriteRevertArtifacts) step;
    return RevertArtifacts.write(r.configName(), desiredConfigJson);
  }

  private static Action service(Step.RunService s) {
    String verb = s.action().kind().verb();
    String unit = s.action().unit();
    return Action.of(
        Category.SERVICE,
        s.summary(),
        (host, owned) ->
            Action.Prepared.of(
                java.util.List.of(new Restoration.RerunService(verb, unit)),
                Optional.empty(),
                () -> {
                  if (unit.isEmpty()) {
                    host.systemd().daemonReload();
                  } else {
                    host.systemd().serviceAction(verb, unit);
                  }
                }));
  }

  private static Action drain(Step.RequestDrain d, DrainHandshake drain) {
    // Never undone: a failed update leaves the node cordoned until an update completes.
    return Action.of(
        Category.DRAIN,
        d.summary(),
        (host, owned) ->
            Action.Prepared.of(
                java.util.List.of(),
                Optional.of("the node stays cordoned until an update completes"),
                () -> drain.drain(d.request())));
  }
}
