package io.ocelot.api.events;

import java.util.Map;

/**
 * The {@code action} of an events.k8s.io/v1 Event for each of MCO's (and Ocelot's) reasons: what
 * the component was doing when it happened, where the reason says what happened ({@code Drain} is
 * an event of {@code Draining}, {@code UpdateFailed} one of {@code Updating}). The API requires an
 * action; a reason not listed here is its own action.
 */
public final class EventActions {
  static final Map<String, String> BY_REASON =
      Map.ofEntries(
          // the daemon: an update on its node
          Map.entry("OSUpdateStarted", "Updating"),
          Map.entry("OSUpdateStaged", "Updating"),
          Map.entry("InClusterUpgrade", "Updating"),
          Map.entry("UpdateFailed", "Updating"),
          Map.entry("UpdateRolledBack", "Updating"),
          Map.entry("NodeDone", "Updating"),
          Map.entry("FailedToReconcile", "Updating"),
          Map.entry("AnnotationsRestored", "Updating"),
          Map.entry("ServiceRestart", "Updating"),
          Map.entry("ServiceReload", "Updating"),
          Map.entry("Reboot", "Rebooting"),
          Map.entry("HealthCheckFailed", "CheckingHealth"),
          Map.entry("WantedHealthCheckFailed", "CheckingHealth"),
          Map.entry("ConfigDriftMonitorStarted", "MonitoringDrift"),
          Map.entry("ConfigDriftMonitorStopped", "MonitoringDrift"),
          Map.entry("ConfigDriftDetected", "MonitoringDrift"),
          // drains, by both sides
          Map.entry("Drain", "Draining"),
          Map.entry("Drained", "Draining"),
          Map.entry("DrainBlocked", "Draining"),
          Map.entry("Cordon", "Cordoning"),
          Map.entry("Uncordon", "Uncordoning"),
          // the controller: pools, rendered configs, builds
          Map.entry("RenderedConfigGenerated", "Rendering"),
          Map.entry("RenderedConfigRestored", "Rendering"),
          Map.entry("RenderedConfigLarge", "Rendering"),
          Map.entry("SetDesiredConfig", "RollingOut"),
          Map.entry("SetDesiredConfigAndOSImage", "RollingOut"),
          Map.entry("Updating", "RollingOut"),
          Map.entry("Completed", "RollingOut"),
          Map.entry("RolloutHalted", "RollingOut"),
          Map.entry("InvalidMaxUnavailable", "RollingOut"),
          Map.entry("SelectingAll", "RollingOut"),
          Map.entry("ReconcileFailed", "Reconciling"),
          Map.entry("BuildStarted", "Building"),
          Map.entry("BuildFailed", "Building"));

  private EventActions() {}

  /** The action of an event with {@code reason}. */
  public static String of(String reason) {
    return BY_REASON.getOrDefault(reason, reason);
  }
}
