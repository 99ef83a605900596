package io.ocelot.cli;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimException;
import io.ocelot.sim.SimSettings;
import java.nio.file.Path;
import java.time.Duration;

/** The small sims the CLI's tests run their commands against, and the MachineConfigs they roll. */
public final class CliSims {
  private CliSims() {}

  /**
   * {@code workers} workers, no master, half-second reboots and builds, on the real control plane,
   * on free ports, its state under {@code dir}.
   */
  public static SimCluster start(Path dir, int workers) throws SimException {
    return SimCluster.start(
        new SimSettings(
            workers,
            0,
            dir.resolve("state"),
            false,
            0,
            0,
            Duration.ofMillis(500),
            Duration.ofMillis(500),
            Duration.ofSeconds(2),
            ControlPlaneMode.KUBE),
        line -> {});
  }

  /** A worker MachineConfig {@code name} writing {@code text} (URL-safe) to {@code path}. */
  public static MachineConfig workerFile(String name, String path, String text) {
    return Serialization.unmarshal(
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: MachineConfig
        metadata:
          name: %s
          labels: {machineconfiguration.openshift.io/role: worker}
        spec:
          config:
            ignition: {version: 3.4.0}
            storage:
              files:
              - path: %s
                mode: 420
                contents: {source: "data:,%s"}
        """
            .formatted(name, path, text),
        MachineConfig.class);
  }
}
