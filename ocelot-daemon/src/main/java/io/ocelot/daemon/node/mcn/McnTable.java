package io.ocelot.daemon.node.mcn;

import static io.ocelot.api.model.McnConditionType.APPLIED_FILES;
import static io.ocelot.api.model.McnConditionType.APPLIED_FILES_AND_OS;
import static io.ocelot.api.model.McnConditionType.APPLIED_OS_IMAGE;
import static io.ocelot.api.model.McnConditionType.CORDONED;
import static io.ocelot.api.model.McnConditionType.DRAINED;
import static io.ocelot.api.model.McnConditionType.IMAGE_PULLED_FROM_REGISTRY;
import static io.ocelot.api.model.McnConditionType.NODE_DEGRADED;
import static io.ocelot.api.model.McnConditionType.PINNED_IMAGE_SETS_DEGRADED;
import static io.ocelot.api.model.McnConditionType.PINNED_IMAGE_SETS_PROGRESSING;
import static io.ocelot.api.model.McnConditionType.REBOOTED_NODE;
import static io.ocelot.api.model.McnConditionType.REBOOT_LEASE_HELD;
import static io.ocelot.api.model.McnConditionType.RELOADED_CRIO;
import static io.ocelot.api.model.McnConditionType.RESUMED;
import static io.ocelot.api.model.McnConditionType.UNCORDONED;
import static io.ocelot.api.model.McnConditionType.UPDATED;
import static io.ocelot.api.model.McnConditionType.UPDATE_COMPATIBLE;
import static io.ocelot.api.model.McnConditionType.UPDATE_COMPLETE;
import static io.ocelot.api.model.McnConditionType.UPDATE_EXECUTED;
import static io.ocelot.api.model.McnConditionType.UPDATE_POST_ACTION_COMPLETE;
import static io.ocelot.api.model.McnConditionType.UPDATE_PREPARED;
import static io.ocelot.daemon.node.mcn.McnChange.going;
import static io.ocelot.daemon.node.mcn.McnChange.no;
import static io.ocelot.daemon.node.mcn.McnChange.yes;

import io.ocelot.api.disruption.ServiceAction;
import io.ocelot.api.model.McnConditionType;
import io.ocelot.daemon.txn.Category;
import io.ocelot.daemon.txn.FailureRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one table of what each milestone sets on a node's MachineConfigNode (pure). Reasons follow
 * upstream: a parent's reason names its child, a child's joins both names; failures name what
 * failed ({@code RebootCommandFailed}) and, as upstream, messages of failed phases start with
 * {@code Error:}.
 */
public final class McnTable {
  private static final String DRAINING =
      "Draining node. The drain will not be complete until the controller acks";

  private static final String RELEASED = "No other holder keeps the node from starting";

  private McnTable() {}

  /**
   * The conditions {@code m} sets, given the conditions' present statuses and, when this process
   * started the update, its start.
   */
  public static List<McnChange> changes(
      McnMilestone m,
      String node,
      Map<McnConditionType, String> now,
      Optional<McnMilestone.Started> started) {
    List<McnChange> c = new ArrayList<>();
    if (m instanceof McnMilestone.Started s) {
      if (isTrue(now, REBOOT_LEASE_HELD)) {
        // The node's turn came: the controller has its lease now (the reset would hide that).
        c.add(no(REBOOT_LEASE_HELD, "Released", RELEASED));
      }
      c.add(no(UPDATED, "Updated", "Node " + node + " needs an update"));
      c.add(
          yes(
              UPDATE_PREPARED,
              "UpdateCompatible",
              "Update Compatible. Post Cfg Actions: "
                  + s.disruption().describe()
                  + " Drain Required: "
                  + s.drain()));
      c.add(yes(UPDATE_COMPATIBLE, "UpdatePreparedUpdateCompatible", "Update is Compatible."));
      if (s.drain()) {
        c.add(going(UPDATE_EXECUTED, "Drained", DRAINING));
        c.add(going(DRAINED, "UpdateExecutedDrained", DRAINING));
      } else {
        applying(c);
      }
    } else if (m instanceof McnMilestone.DrainBlocked b) {
      String draining =
          b.why()
              .map(w -> "Draining node. The drain is blocked: " + w)
              .orElse(DRAINING + " (evicted pods are ending)");
      c.add(going(UPDATE_EXECUTED, "Drained", draining));
      c.add(
          going(DRAINED, b.why().isPresent() ? "DrainBlocked" : "UpdateExecutedDrained", draining));
    } else if (m instanceof McnMilestone.LeaseHeld l) {
      if (l.why().isPresent()) {
        c.add(yes(REBOOT_LEASE_HELD, "HeldByAnother", l.why().get() + "; the node waits for it"));
      } else if (isTrue(now, REBOOT_LEASE_HELD)) {
        c.add(no(REBOOT_LEASE_HELD, "Released", RELEASED));
      }
    } else if (m instanceof McnMilestone.Drained d) {
      c.add(
          yes(
              CORDONED,
              "UpdateExecutedCordoned",
              "Cordoned node. The node is reporting Unschedulable = true"));
      c.add(
          yes(
              DRAINED,
              "UpdateExecutedDrained",
              "Drained node. The drain is complete as the controller acknowledged " + d.request()));
      applying(c);
    } else if (m instanceof McnMilestone.Rebooting) {
      applied(c, started);
      c.add(
          going(
              UPDATE_POST_ACTION_COMPLETE,
              "RebootedNode",
              "Upgrade requires a reboot. Currently doing this as the post update action."));
      c.add(
          going(
              REBOOTED_NODE,
              "UpdatePostActionCompleteRebootedNode",
              started.map(s -> "Rebooting into " + s.to().describe()).orElse("Rebooting")));
    } else if (m instanceof McnMilestone.Done d) {
      if (isTrue(now, UPDATE_PREPARED) && !isTrue(now, UPDATED)) {
        completing(c, now, started);
      }
      c.add(
          yes(
              RESUMED,
              "Resumed",
              "In desired config " + d.target().config() + ". Resumed normal operations."));
      c.add(yes(UPDATED, "Updated", "Node " + node + " Updated"));
      c.add(no(NODE_DEGRADED, "UpdateSucceeded", "Node " + node + " upgrade succeeded"));
    } else if (m instanceof McnMilestone.Failed f) {
      failed(c, f);
      c.add(
          yes(
              NODE_DEGRADED,
              camel(f.reasonClass()),
              "Node " + node + " upgrade failure. " + f.reason()));
    } else if (m instanceof McnMilestone.Pins p) {
      pins(c, p, node);
    } else if (m instanceof McnMilestone.Unreconcilable u) {
      c.add(no(UPDATED, "Updated", "Node " + node + " needs an update"));
      c.add(
          going(
              UPDATE_PREPARED,
              "UpdateCompatible",
              "Update Failed during the Checking for Compatibility phase"));
      c.add(
          going(
              UPDATE_COMPATIBLE,
              "UpdatePreparedUpdateCompatible",
              "Error: MachineConfigs "
                  + u.from()
                  + " and "
                  + u.to()
                  + " are not compatible. Err: "
                  + u.reason()));
      c.add(
          yes(NODE_DEGRADED, "Unreconcilable", "Node " + node + " upgrade failure. " + u.reason()));
    }
    return c;
  }

  /** Upstream's pinned image set conditions, in its words. */
  private static void pins(List<McnChange> c, McnMilestone.Pins p, String node) {
    switch (p.phase()) {
      case PULLING ->
          c.add(
              yes(
                  PINNED_IMAGE_SETS_PROGRESSING,
                  "ImagePrefetch",
                  "node is prefetching images: " + node));
      case DONE -> {
        c.add(no(PINNED_IMAGE_SETS_PROGRESSING, "AsExpected", "All pinned image sets complete"));
        c.add(no(PINNED_IMAGE_SETS_DEGRADED, "AsExpected", "All is good"));
      }
      case FAILED ->
          c.add(
              yes(
                  PINNED_IMAGE_SETS_DEGRADED,
                  "PrefetchFailed",
                  "One or more PinnedImageSet is experiencing an error. See PinnedImageSet list for"
                      + " more details."));
    }
  }

  /** Whether an update resets the conditions of the previous one. */
  public static boolean resets(McnMilestone m) {
    return m instanceof McnMilestone.Started;
  }

  private static void applying(List<McnChange> c) {
    String applying = "Applying files and new OS config to node.";
    c.add(going(UPDATE_EXECUTED, "AppliedFilesAndOS", applying));
    c.add(going(APPLIED_FILES_AND_OS, "UpdateExecutedAppliedFilesAndOS", applying));
  }

  private static void applied(List<McnChange> c, Optional<McnMilestone.Started> started) {
    c.add(
        yes(
            UPDATE_EXECUTED,
            "AppliedFilesAndOS",
            "Updated the Files and OS on disk as a part of the in progress phase"));
    c.add(
        yes(
            APPLIED_FILES_AND_OS,
            "UpdateExecutedAppliedFilesAndOS",
            "Applied files and new OS config to node."));
    c.add(yes(APPLIED_FILES, "UpdateExecutedAppliedFiles", "Applied files to node."));
    if (started.map(McnMilestone.Started::stagesImage).orElse(false)) {
      String image = started.get().to().image().orElse("the desired OS image");
      c.add(
          yes(
              IMAGE_PULLED_FROM_REGISTRY,
              "UpdateExecutedImagePulledFromRegistry",
              "Pulled " + image));
      c.add(yes(APPLIED_OS_IMAGE, "UpdateExecutedAppliedOSImage", "Staged " + image));
    }
  }

  private static void completing(
      List<McnChange> c,
      Map<McnConditionType, String> now,
      Optional<McnMilestone.Started> started) {
    if (!isTrue(now, UPDATE_EXECUTED)) {
      applied(c, started);
    }
    if (McnChange.UNKNOWN.equals(now.get(REBOOTED_NODE))) {
      c.add(yes(UPDATE_POST_ACTION_COMPLETE, "RebootedNode", "Node has rebooted"));
      c.add(yes(REBOOTED_NODE, "UpdatePostActionCompleteRebootedNode", "Node has rebooted"));
    } else {
      List<ServiceAction> services = started.map(s -> s.disruption().services()).orElse(List.of());
      Optional<ServiceAction> crio =
          services.stream().filter(s -> s.unit().equals("crio.service")).findFirst();
      if (crio.isPresent()) {
        String done =
            (crio.get().kind() == ServiceAction.Kind.RELOAD ? "Reloaded" : "Restarted") + " CRI-O";
        c.add(yes(UPDATE_POST_ACTION_COMPLETE, "ReloadedCRIO", done));
        c.add(yes(RELOADED_CRIO, "UpdatePostActionCompleteReloadedCRIO", done));
      } else if (!services.isEmpty()) {
        c.add(
            yes(
                UPDATE_POST_ACTION_COMPLETE,
                "ServiceActions",
                "Ran "
                    + services.stream()
                        .map(ServiceAction::summary)
                        .collect(java.util.stream.Collectors.joining(", "))));
      } else {
        c.add(yes(UPDATE_POST_ACTION_COMPLETE, "None", "The update needed no post update action"));
      }
    }
    c.add(
        yes(UPDATE_COMPLETE, "Uncordoned", "Node uncordoned as part of completing upgrade phase"));
    c.add(yes(UNCORDONED, "UpdateCompleteUncordoned", "Successfully uncordoned node"));
  }

  /** The condition of the phase that failed, and what the rollback undid. */
  private static void failed(List<McnChange> c, McnMilestone.Failed f) {
    String error = "Error: " + f.reason();
    String reason = camel(f.reasonClass());
    if (f.failure().isEmpty()) {
      if (f.reasonClass().equals("uncordon-failed")) {
        c.add(no(UPDATE_COMPLETE, reason, error));
        c.add(no(UNCORDONED, reason, error));
      } else if (f.reasonClass().equals("missing-machineconfig")) {
        c.add(no(UPDATE_PREPARED, reason, error));
      }
      return;
    }
    FailureRecord r = f.failure().get();
    switch (r.phase()) {
      case REBOOT -> {
        c.add(no(UPDATE_POST_ACTION_COMPLETE, "RebootCommandFailed", error));
        c.add(no(REBOOTED_NODE, "RebootCommandFailed", error));
      }
      case POST_ACTION -> c.add(no(UPDATE_POST_ACTION_COMPLETE, reason, error));
      case FINALIZE -> c.add(no(UPDATE_COMPLETE, reason, error));
      case HEALTH_CHECK -> c.add(no(UPDATE_COMPLETE, "HealthCheckFailed", error));
      case PREPARE, COMMIT, RECOVERY -> {
        c.add(no(UPDATE_EXECUTED, reason, error));
        c.add(
            no(
                r.category().filter(k -> k == Category.DRAIN).isPresent()
                    ? DRAINED
                    : APPLIED_FILES_AND_OS,
                reason,
                error));
        return;
      }
    }
    long reverted =
        r.rollback().stream().filter(s -> s.outcome() == FailureRecord.Outcome.REVERTED).count();
    if (reverted > 0) {
      // What the update had applied is undone: the executed phase no longer holds.
      String undone =
          "Rolled back "
              + reverted
              + (reverted == 1 ? " step" : " steps")
              + "; node remains on "
              + r.remainsOn().describe();
      c.add(no(UPDATE_EXECUTED, "RolledBack", undone));
      c.add(no(APPLIED_FILES_AND_OS, "RolledBack", undone));
      c.add(no(APPLIED_FILES, "RolledBack", undone));
      c.add(no(APPLIED_OS_IMAGE, "RolledBack", undone));
    }
  }

  private static boolean isTrue(Map<McnConditionType, String> now, McnConditionType t) {
    return McnChange.TRUE.equals(now.get(t));
  }

  /** {@code kernel-arguments-failed} as a condition reason: {@code KernelArgumentsFailed}. */
  static String camel(String reasonClass) {
    StringBuilder b = new StringBuilder();
    for (String part : reasonClass.split("-")) {
      if (!part.isEmpty()) {
        b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
      }
    }
    return b.toString();
  }
}
