package io.ocelot.sim;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeAddress;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.Mco;
import io.ocelot.api.model.OSImageStreamSet;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.generated.KubeletFiles;
import io.ocelot.controller.pool.DefaultPools;
import io.ocelot.controller.streams.OsStreamCatalog;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

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

  /** What the simulated kubelets report: the control plane's release. */
  static final String KUBELET_VERSION = "v1.36.3";

  /** Every simulated node's disk, as its kubelet reports it. */
  static final String EPHEMERAL_STORAGE = "100Gi";

  private static final Map<String, Quantity> RESOURCES =
      Map.of(
          "cpu", new Quantity("4"),
          "memory", new Quantity("16Gi"),
          "pods", new Quantity("110"),
          "ephemeral-storage", new Quantity(EPHEMERAL_STORAGE));

  private ClusterSeed() {}

  static MachineConfigPool pool(String role) {
    return DefaultPools.pool(role);
  }

  static MachineConfig baseConfig(String role) {
    return load("00-" + role + ".yaml", MachineConfig.class);
  }

  /**
   * The role's base configs: {@code 00-<role>} and, as MCO's templates have it, {@code
   * 01-<role>-kubelet} with the kubelet's configuration (which a KubeletConfig is merged over).
   */
  static List<MachineConfig> baseConfigs(String role) {
    MachineConfig kubelet = new MachineConfig();
    kubelet.setMetadata(
        new ObjectMetaBuilder()
            .withName("01-" + role + "-kubelet")
            .withLabels(Map.of(Mco.ROLE_LABEL, role))
            .build());
    kubelet
        .getSpec()
        .setConfig(
            IgnitionBuilder.v3()
                .file(KubeletFiles.KUBELET_CONF, KubeletFiles.defaultBase())
                .build());
    return List.of(baseConfig(role), kubelet);
  }

  /** The image every node boots at first: the default OS stream's. */
  static String baseImage() {
    return STREAMS.streams().get(0).osImage();
  }

  /**
   * The OS streams the sim's controller offers (stand-in images, by digest): the one every node
   * boots at first, the default, and the next major version a pool can move to (MCO's RHEL 9 → 10).
   */
  static final OsStreamCatalog STREAMS =
      new OsStreamCatalog(
          List.of(
              new OSImageStreamSet(
                  "rhel-9",
                  "quay.io/ocelot/fedora-coreos@sha256:" + "3f1a".repeat(16),
                  "quay.io/ocelot/fedora-coreos-extensions@sha256:" + "3f1b".repeat(16)),
              new OSImageStreamSet(
                  "rhel-10",
                  "quay.io/ocelot/rhel-coreos-10@sha256:" + "10aa".repeat(16),
                  "quay.io/ocelot/rhel-coreos-10-extensions@sha256:" + "10ab".repeat(16))),
          "rhel-9");

  /** The name of a node: {@code <role>-<index>}. */
  static String nodeName(String role, int index) {
    return role + "-" + index;
  }

  /** Node {@code <role>-<index>} on {@code rendered}, ready, zone by index. */
  static Node node(String role, int index, String rendered, String bootId, Instant now) {
    String name = nodeName(role, index);
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
        .withAddresses(
            new NodeAddress(internalIp(role, index), "InternalIP"),
            new NodeAddress(name, "Hostname"))
        .withCapacity(RESOURCES)
        .withAllocatable(RESOURCES)
        .withConditions(
            pressure("MemoryPressure", "KubeletHasSufficientMemory", now),
            pressure("DiskPressure", "KubeletHasNoDiskPressure", now),
            pressure("PIDPressure", "KubeletHasSufficientPID", now),
            ready(true, "KubeletReady", "kubelet is posting ready status", now))
        .withNewDaemonEndpoints()
        .withNewKubeletEndpoint(10250)
        .endDaemonEndpoints()
        .withNewNodeInfo()
        .withBootID(bootId)
        .withMachineID(machineId(name))
        .withSystemUUID(UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString())
        .withOsImage("Fedora CoreOS (simulated)")
        .withKernelVersion("6.12.0-ocelot-sim")
        .withContainerRuntimeVersion("cri-o://1.36.0-ocelot-sim")
        .withKubeletVersion(KUBELET_VERSION)
        .withKubeProxyVersion("")
        .withOperatingSystem("linux")
        .withArchitecture("amd64")
        .endNodeInfo()
        .endStatus()
        .build();
  }

  /** The Ready condition a kubelet posts. */
  static NodeCondition ready(boolean ready, String reason, String message, Instant now) {
    return new NodeConditionBuilder()
        .withType("Ready")
        .withStatus(ready ? "True" : "False")
        .withReason(reason)
        .withMessage(message)
        .withLastTransitionTime(now.toString())
        .withLastHeartbeatTime(now.toString())
        .build();
  }

  private static NodeCondition pressure(String type, String reason, Instant now) {
    return new NodeConditionBuilder()
        .withType(type)
        .withStatus("False")
        .withReason(reason)
        .withMessage("kubelet has no " + type.replace("Pressure", "").toLowerCase() + " pressure")
        .withLastTransitionTime(now.toString())
        .withLastHeartbeatTime(now.toString())
        .build();
  }

  /** Masters in 10.0.0.0/24, workers from 10.0.1.0 on: unique per node, as a subnet hands out. */
  private static String internalIp(String role, int index) {
    int block = role.equals("master") ? 0 : 1 + index / 250;
    return "10.0." + block + "." + (index % 250 + 2);
  }

  /** 32 hex digits, stable per node name, as /etc/machine-id holds. */
  private static String machineId(String name) {
    return UUID.nameUUIDFromBytes(("machine-id:" + name).getBytes(StandardCharsets.UTF_8))
        .toString()
        .replace("-", "");
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
