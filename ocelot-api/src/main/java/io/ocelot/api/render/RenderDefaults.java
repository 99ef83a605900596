package io.ocelot.api.render;

/**
 * Values a render starts from: the cluster's base OS image and extensions image (MCO's
 * ControllerConfig), overridden by any MachineConfig that sets them, and the controller version
 * recorded on rendered configs (empty: not recorded).
 */
public record RenderDefaults(
    String baseOSContainerImage, String baseOSExtensionsContainerImage, String controllerVersion) {

  public static final RenderDefaults NONE = new RenderDefaults("", "", "");

  public RenderDefaults {
    baseOSContainerImage = baseOSContainerImage == null ? "" : baseOSContainerImage;
    baseOSExtensionsContainerImage =
        baseOSExtensionsContainerImage == null ? "" : baseOSExtensionsContainerImage;
    controllerVersion = controllerVersion == null ? "" : controllerVersion;
  }
}
