package io.ocelot.controller;

import io.ocelot.api.render.RenderDefaults;
import io.ocelot.controller.drain.DrainSettings;
import java.time.Duration;

/**
 * The controller's settings: render defaults (base OS image), where its events go, draining, and
 * how often a running image build is polled.
 */
public record ControllerSettings(
    RenderDefaults renderDefaults, String eventNamespace, DrainSettings drain, Duration buildPoll) {
  public static final String DEFAULT_EVENT_NAMESPACE = "openshift-machine-config-operator";

  public static ControllerSettings defaults(String baseOsImage) {
    return new ControllerSettings(
        new RenderDefaults(baseOsImage, "", "ocelot"),
        DEFAULT_EVENT_NAMESPACE,
        DrainSettings.defaults(),
        Duration.ofSeconds(5));
  }

  public ControllerSettings withDrain(DrainSettings d) {
    return new ControllerSettings(renderDefaults, eventNamespace, d, buildPoll);
  }

  public ControllerSettings withBuildPoll(Duration poll) {
    return new ControllerSettings(renderDefaults, eventNamespace, drain, poll);
  }
}
