package io.ocelot.controller;

import io.ocelot.api.render.RenderDefaults;
import io.ocelot.controller.drain.DrainSettings;
import io.ocelot.controller.streams.OsStreamCatalog;
import java.time.Duration;
import java.util.Optional;

/**
 * The controller's settings: render defaults (base OS image), its own namespace (leader Lease,
 * build Jobs), draining, how often a running image build is polled, leader election (none: this
 * process always leads), how a failed reconcile is retried, and the quiet period a pool's
 * MachineConfigs must keep before a new rendered config is adopted (5 s, MCO's render delay), and
 * the OS streams it publishes in OSImageStream/cluster (none by default).
 */
public record ControllerSettings(
    RenderDefaults renderDefaults,
    String namespace,
    DrainSettings drain,
    Duration buildPoll,
    Optional<LeaderElection> leaderElection,
    ForeverRetry retry,
    Duration renderDelay,
    OsStreamCatalog osStreams) {
  public static final String DEFAULT_NAMESPACE = "openshift-machine-config-operator";

  public static ControllerSettings defaults(String baseOsImage) {
    return new ControllerSettings(
        new RenderDefaults(baseOsImage, "", "ocelot"),
        DEFAULT_NAMESPACE,
        DrainSettings.defaults(),
        Duration.ofSeconds(5),
        Optional.empty(),
        ForeverRetry.defaults(),
        Duration.ofSeconds(5),
        OsStreamCatalog.NONE);
  }

  public ControllerSettings withDrain(DrainSettings d) {
    return new ControllerSettings(
        renderDefaults, namespace, d, buildPoll, leaderElection, retry, renderDelay, osStreams);
  }

  public ControllerSettings withBuildPoll(Duration poll) {
    return new ControllerSettings(
        renderDefaults, namespace, drain, poll, leaderElection, retry, renderDelay, osStreams);
  }

  public ControllerSettings withLeaderElection(LeaderElection election) {
    return new ControllerSettings(
        renderDefaults,
        namespace,
        drain,
        buildPoll,
        Optional.of(election),
        retry,
        renderDelay,
        osStreams);
  }

  public ControllerSettings withRenderDelay(Duration delay) {
    return new ControllerSettings(
        renderDefaults, namespace, drain, buildPoll, leaderElection, retry, delay, osStreams);
  }

  /** The OS streams the controller publishes in OSImageStream/cluster. */
  public ControllerSettings withOsStreams(OsStreamCatalog streams) {
    return new ControllerSettings(
        renderDefaults, namespace, drain, buildPoll, leaderElection, retry, renderDelay, streams);
  }
}
