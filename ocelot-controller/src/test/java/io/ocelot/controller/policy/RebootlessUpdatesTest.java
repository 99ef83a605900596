package io.ocelot.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigSpec;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.controller.members.PoolNode;
import io.ocelot.controller.members.PoolTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Which updates the controller lets through a closed window with rebootlessAnytime. */
class RebootlessUpdatesTest {
  static final String BASE = "{\"ignition\":{\"version\":\"3.4.0\"}}";
  static final String SSH =
      "{\"ignition\":{\"version\":\"3.4.0\"},\"passwd\":{\"users\":[{\"name\":\"core\","
          + "\"sshAuthorizedKeys\":[\"ssh-ed25519 AAAA admin@example.com\"]}]}}";
  static final String CHRONY =
      "{\"ignition\":{\"version\":\"3.4.0\"},\"storage\":{\"files\":[{\"path\":"
          + "\"/etc/chrony.conf\",\"mode\":420,\"contents\":{\"source\":\"data:,pool%20b\"}}]}}";

  final Map<String, MachineConfig> configs = new HashMap<>();

  MachineConfig mc(String name, String ignition, String osImage) {
    MachineConfig mc = new MachineConfig();
    mc.getMetadata().setName(name);
    MachineConfigSpec spec = new MachineConfigSpec();
    try {
      spec.setConfig(Json.MAPPER.readTree(ignition));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    spec.setOsImageURL(osImage);
    mc.setSpec(spec);
    configs.put(name, mc);
    return mc;
  }

  static PoolNode on(String config) {
    return new PoolNode(
        "worker-0",
        Map.of(NodeAnnotations.CURRENT_CONFIG, config, NodeAnnotations.DESIRED_CONFIG, config),
        Map.of(),
        true,
        Instant.EPOCH);
  }

  Predicate<PoolNode> to(String target, MachineConfiguration cluster) {
    return RebootlessUpdates.to(
        new PoolTarget(target, Optional.empty()),
        n -> Optional.ofNullable(configs.get(n)),
        cluster);
  }

  static MachineConfiguration examplePolicy() throws IOException {
    return Serialization.unmarshal(
        Files.readString(Path.of("../examples/policy/cluster.yaml")), MachineConfiguration.class);
  }

  @Test
  void sshKeysGoAndAFileDoesUnderMcosLegacyRules() {
    mc("rendered-1", BASE, "quay.io/os@sha256:1");
    mc("rendered-ssh", SSH, "quay.io/os@sha256:1");
    mc("rendered-chrony", CHRONY, "quay.io/os@sha256:1");
    assertThat(to("rendered-ssh", null).test(on("rendered-1"))).isTrue();
    assertThat(to("rendered-chrony", null).test(on("rendered-1"))).isFalse();
  }

  @Test
  void theClusterPolicyDecidesAsTheDaemonsWill() throws IOException {
    mc("rendered-1", BASE, "quay.io/os@sha256:1");
    mc("rendered-chrony", CHRONY, "quay.io/os@sha256:1");
    // examples/policy/cluster.yaml: /etc/chrony.conf restarts chronyd, no drain, no reboot.
    assertThat(to("rendered-chrony", examplePolicy()).test(on("rendered-1"))).isTrue();
  }

  @Test
  void aNewImageOrAnUnknownConfigIsDisruptive() {
    mc("rendered-1", BASE, "quay.io/os@sha256:1");
    mc("rendered-ssh-new-os", SSH, "quay.io/os@sha256:2");
    assertThat(to("rendered-ssh-new-os", null).test(on("rendered-1"))).isFalse();
    mc("rendered-ssh", SSH, "quay.io/os@sha256:1");
    assertThat(to("rendered-ssh", null).test(on("rendered-gone"))).isFalse();
    assertThat(to("rendered-missing", null).test(on("rendered-1"))).isFalse();
    mc("rendered-broken", "{\"ignition\":{\"version\":\"9.9.9\"}}", "quay.io/os@sha256:1");
    assertThat(to("rendered-broken", null).test(on("rendered-1"))).isFalse();
  }
}
