package io.ocelot.controller;

import io.ocelot.api.render.RenderDefaults;
import io.ocelot.controller.drain.DrainSettings;
import java.time.Duration;
import java.util.Optional;

/**
 * The controller's settings: render defaults (base OS image), where its events go, draining, how
 * often a running image build is polled, leader election (none: this process always leads), and how
 * a failed reconcile is retried.
 */
public record ControllerSettings(
    RenderDefaults renderDefaults,
    String eventNamespace,
    DrainSettings drain,
    Duration buildPoll,
    Optional<LeaderElection> leaderElection,
    ForeverRetry retry) {
  public static final String DEFAULT_EVENT_NAMESPACE = "openshift-machine-config-operator";

  public static ControllerSettings defaults(String baseOsImage) {
    return new ControllerSettings(
        new RenderDefaults(baseOsImage, "", "ocelot"),
        DEFAULT_EVENT_NAMESPACE,
        DrainSettings.defaults(),
        Duration.ofSeconds(5),
        Optional.empty(),
        ForeverRetry.defaults());
  }

  public ControllerSettings withDrain(DrainSettings d) {
    return new ControllerSettings(
        renderDefaults, eventNamespace, d, buildPoll, leaderElection, retry);
  }

  public ControllerSettings withBuildPoll(Duration poll) {
    return new ControllerSettings(
        renderDefaults, eventNamespace, drain, poll, leaderElection, retry);
  }

  public ControllerSettings withLeaderElection(LeaderElection election) {
    return new ControllerSettings(
        renderDefaults, eventNamespace, drain, buildPoll, Optional.of(election), retry);
  }
}
