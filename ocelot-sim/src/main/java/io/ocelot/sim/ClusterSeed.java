package io.ocelot.sim;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.node.NodeAnnotations;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The objects of a fresh cluster: pools {@code master} and {@code worker}, their base
 * MachineConfigs (an OS image by digest, a few files, the kubelet unit), and ready nodes as the
 * machine-config server leaves them at first boot.
 */
final class ClusterSeed {
  static final List<String> ROLES = List.of("master", "worker");
  static final List<String> ZONES = List.of("zone-a", "zone-b", "zone-c");
  static final String ROLE_LABEL = "node-role.kubernetes.io/";
  static final String ZONE_LABEL = "topology.kubernetes.io/zone";

  private ClusterSeed() {}

  static MachineConfigPool pool(String role) {
    return load("pool-" + role + ".yaml", MachineConfigPool.class);
  }

  static MachineConfig baseConfig(String role) {
    return load("00-" + role + ".yaml", MachineConfig.class);
  }

  /** The image every node boots at first: the base configs' osImageURL. */
  static String baseImage() {
    return baseConfig("worker").getSpec().getOsImageURL();
  }

  /** Node {@code <role>-<index>} on {@code rendered}, ready, zone by index. */
  static Node node(String role, int index, String rendered, String bootId, Instant now) {
    String name = role + "-" + index;
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .withLabels(
            Map.of(
                ROLE_LABEL + role,
                "",
                "kubernetes.io/hostname",
                name,
                "kubernetes.io/os",
                "linux",
                ZONE_LABEL,
                ZONES.get(index % ZONES.size())))
        .withAnnotations(
            Map.of(
                NodeAnnotations.CURRENT_CONFIG,
                rendered,
                NodeAnnotations.DESIRED_CONFIG,
                rendered,
                NodeAnnotations.STATE,
                "Done",
                NodeAnnotations.REASON,
                ""))
        .endMetadata()
        .withNewStatus()
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .withReason("KubeletReady")
        .withMessage("kubelet is posting ready status")
        .withLastTransitionTime(now.toString())
        .withLastHeartbeatTime(now.toString())
        .endCondition()
        .withNewNodeInfo()
        .withBootID(bootId)
        .withOsImage("Fedora CoreOS (simulated)")
        .withOperatingSystem("linux")
        .withArchitecture("amd64")
        .withKubeletVersion("v1.32.0-ocelot-sim")
        .endNodeInfo()
        .endStatus()
        .build();
  }

  private static <T> T load(String name, Class<T> type) {
    try (InputStream in = ClusterSeed.class.getResourceAsStream("cluster/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource io/ocelot/sim/cluster/" + name);
      }
      return Serialization.unmarshal(in, type);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
