package io.ocelot.controller;

import io.ocelot.api.render.RenderDefaults;
import io.ocelot.controller.drain.DrainSettings;

/** The controller's settings: render defaults (base OS image), where its events go, draining. */
public record ControllerSettings(
    RenderDefaults renderDefaults, String eventNamespace, DrainSettings drain) {
  public static final String DEFAULT_EVENT_NAMESPACE = "openshift-machine-config-operator";

  public static ControllerSettings defaults(String baseOsImage) {
    return new ControllerSettings(
        new RenderDefaults(baseOsImage, "", "ocelot"),
        DEFAULT_EVENT_NAMESPACE,
        DrainSettings.defaults());
  }

  public ControllerSettings withDrain(DrainSettings d) {
    return new ControllerSettings(renderDefaults, eventNamespace, d);
  }
}
