package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.HealthChecks.Outcome;
import io.ocelot.daemon.host.Hooks;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdatePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The hooks at one point of an update, and what their failure means for the update. */
final class HookRuns {
  private static final Logger LOG = LoggerFactory.getLogger(HookRuns.class);

  private HookRuns() {}

  /** The files and units an update writes or removes: what a hook may say it cares about. */
  static List<String> changed(UpdatePlan plan) {
    List<String> paths = new ArrayList<>();
    for (Step s : plan.steps()) {
      if (s instanceof Step.WriteFile w) {
        paths.add(w.file().path());
      } else if (s instanceof Step.RemoveFile r) {
        paths.add(r.previous().path());
      } else if (s instanceof Step.WriteUnit u) {
        paths.add(UnitActions.unitPath(u.unit().name()));
      } else if (s instanceof Step.RemoveUnit u) {
        paths.add(UnitActions.unitPath(u.previous().name()));
      }
    }
    return paths;
  }

  /** The files an attempt in {@code journal} wrote or removed (what its undo would restore). */
  static List<String> changed(Journal journal) {
    List<String> paths = new ArrayList<>();
    for (Journal.Entry e : journal.entries()) {
      for (Restoration r : e.restorations()) {
        if (r instanceof Restoration.RestoreFile f) {
          paths.add(f.path());
        }
      }
    }
    return paths;
  }

  /**
   * The after-update hooks, once an update is done (after its reboot and checks, or without one):
   * reported, never failing it. Returns those that failed (each an event on the node).
   */
  static List<Outcome> afterUpdate(HostContext host, List<String> changed) {
    List<Outcome> failed = new ArrayList<>();
    try {
      for (Outcome o : host.hooks().run(Hooks.Point.AFTER_UPDATE, changed)) {
        if (o.ok()) {
          LOG.info("after-update hook {} ran", o.check().path());
        } else {
          LOG.warn("after-update hook {} failed: {}", o.check().path(), o.describe());
          failed.add(o);
        }
      }
    } catch (HostException e) {
      LOG.warn("after-update hooks could not run: {}", e.getMessage());
    }
    return failed;
  }

  /**
   * Runs the hooks of {@code point}; the first that failed, as the cause an update fails with
   * ({@code before-update hook 10-check failed: exit 1: "maintenance mode is on"}), if any did.
   */
  static Optional<Failed> run(HostContext host, Hooks.Point point, UpdatePlan plan)
      throws HostException {
    for (Outcome o : host.hooks().run(point, changed(plan))) {
      if (!o.ok()) {
        return Optional.of(new Failed(point.dir() + " hook " + o.check().path(), o));
      }
    }
    return Optional.empty();
  }

  /** A hook that failed: the step name the failure record gives it, and what it said. */
  record Failed(String step, Outcome outcome) {
    String cause() {
      return step + " failed: " + outcome.describe();
    }
  }
}
