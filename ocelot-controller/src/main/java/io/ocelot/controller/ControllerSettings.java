package io.ocelot.controller;

import io.ocelot.api.render.RenderDefaults;

/** The controller's settings: render defaults (base OS image) and where its events go. */
public record ControllerSettings(RenderDefaults renderDefaults, String eventNamespace) {
  public static final String DEFAULT_EVENT_NAMESPACE = "openshift-machine-config-operator";

  public static ControllerSettings defaults(String baseOsImage) {
    return new ControllerSettings(
        new RenderDefaults(baseOsImage, "", "ocelot"), DEFAULT_EVENT_NAMESPACE);
  }
}
