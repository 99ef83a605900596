package io.ocelot.daemon.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;

/** Small builders for planner tests. */
final class Configs {
  static final String BASE = "quay.io/fcos@sha256:" + "0".repeat(64);
  static final String BASE2 = "quay.io/fcos@sha256:" + "9".repeat(64);
  static final String I1 = "registry.local/layered@sha256:" + "1".repeat(64);
  static final String I2 = "registry.local/layered@sha256:" + "2".repeat(64);

  private Configs() {}

  static MachineConfig mc(String name, IgnitionBuilder ignition) {
    return MachineConfigs.create(name, "worker", ignition.build(), BASE);
  }

  static MachineConfig mc(String name, String ignitionJson) {
    try {
      JsonNode node = Json.MAPPER.readTree(ignitionJson);
      return MachineConfigs.create(name, "worker", node, BASE);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }

  static MachineConfig empty(String name) {
    return mc(name, IgnitionBuilder.v3());
  }
}
