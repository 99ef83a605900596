package io.ocelot.api.model;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;

/** Creates MachineConfig objects in code. */
public final class MachineConfigs {
  private MachineConfigs() {}

  /** A MachineConfig with an Ignition config and OS image, labelled for {@code role}. */
  public static MachineConfig create(String name, String role, JsonNode ignition, String osImage) {
    MachineConfig mc = new MachineConfig();
    ObjectMetaBuilder meta = new ObjectMetaBuilder().withName(name);
    if (role != null) {
      meta.addToLabels(Mco.ROLE_LABEL, role);
    }
    mc.setMetadata(meta.build());
    MachineConfigSpec spec = new MachineConfigSpec();
    spec.setConfig(ignition);
    spec.setOsImageURL(osImage);
    mc.setSpec(spec);
    return mc;
  }

  /** A deep copy, so that tests and renderers never share mutable state. */
  public static MachineConfig copy(MachineConfig mc) {
    return io.ocelot.api.json.Json.MAPPER.convertValue(mc, MachineConfig.class);
  }
}
