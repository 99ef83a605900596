package io.ocelot.controller.imagebuild;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigSpec;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.model.PoolConfiguration;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The example MachineOSConfig and a rendered config to build it against. */
final class BuildInputs {
  private BuildInputs() {}

  static MachineOSConfig mosc() {
    try (InputStream in =
        Files.newInputStream(Path.of("..", "examples", "layered", "machineosconfig.yaml"))) {
      return Serialization.unmarshal(in, MachineOSConfig.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static MachineConfig rendered(String name) {
    MachineConfig mc = new MachineConfig();
    mc.getMetadata().setName(name);
    MachineConfigSpec spec = new MachineConfigSpec();
    spec.setOsImageURL("quay.io/ocelot/fedora-coreos@sha256:" + "ab".repeat(32));
    mc.setSpec(spec);
    return mc;
  }

  static BuildRequest request(String rendered) {
    return BuildRequest.of(mosc(), new PoolConfiguration(rendered, List.of()), rendered(rendered));
  }
}
