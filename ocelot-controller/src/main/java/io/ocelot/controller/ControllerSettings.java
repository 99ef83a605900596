package io.ocelot.controller;

import io.ocelot.api.render.RenderDefaults;
import io.ocelot.controller.drain.DrainSettings;
import java.time.Duration;
import java.util.Optional;

/**
 * The controller's settings: render defaults (base OS image), its own namespace (leader Lease,
 * build Jobs), draining, how often a running image build is polled, leader election (none: this
 * process always leads), and how a failed reconcile is retried.
 */
public record ControllerSettings(
    RenderDefaults renderDefaults,
    String namespace,
    DrainSettings drain,
    Duration buildPoll,
    Optional<LeaderElection> leaderElection,
    ForeverRetry retry) {
  public static final String DEFAULT_NAMESPACE = "openshift-machine-config-operator";

  public static ControllerSettings defaults(String baseOsImage) {
    return new ControllerSettings(
        new RenderDefaults(baseOsImage, "", "ocelot"),
        DEFAULT_NAMESPACE,
        DrainSettings.defaults(),
        Duration.ofSeconds(5),
        Optional.empty(),
        ForeverRetry.defaults());
  }

  public ControllerSettings withDrain(DrainSettings d) {
    return new ControllerSettings(renderDefaults, namespace, d, buildPoll, leaderElection, retry);
  }

  public ControllerSettings withBuildPoll(Duration poll) {
    return new ControllerSettings(renderDefaults, namespace, drain, poll, leaderElection, retry);
  }

  public ControllerSettings withLeaderElection(LeaderElection election) {
    return new ControllerSettings(
        renderDefaults, namespace, drain, buildPoll, Optional.of(election), retry);
  }
}
