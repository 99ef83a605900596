package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.apiserver.ControlPlaneMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second real client, the official Kubernetes Python client (Debian python3-kubernetes): it lists
 * nodes (whose status must satisfy its model), pools and MachineConfigs, and watches the pools
 * through a rollout.
 */
class PythonClientIT {
  /** Debian's interpreter, where python3-kubernetes installs (a pyenv python3 may shadow it). */
  static final String PYTHON = System.getenv().getOrDefault("OCELOT_PYTHON", "/usr/bin/python3");

  @TempDir Path dir;

  @Test
  void listsAndWatchesPoolsThroughARollout() throws Exception {
    try (SimCluster sim =
        SimCluster.start(
            SimSettings.defaults(dir.resolve("state"))
                .onFreePorts()
                .withTimes(Duration.ofSeconds(1), Duration.ofSeconds(1))
                .withControlPlane(ControlPlaneMode.KUBE),
            line -> {})) {
      Path script = dir.resolve("watch_pools.py");
      try (var in = PythonClientIT.class.getResourceAsStream("/python/watch_pools.py")) {
        Files.write(script, in.readAllBytes());
      }
      Path out = dir.resolve("python.out");
      Process python =
          new ProcessBuilder(PYTHON, script.toString(), sim.state().kubeconfig().toString(), "150")
              .redirectErrorStream(true)
              .redirectOutput(out.toFile())
              .start();
      try {
        await()
            .atMost(Duration.ofSeconds(60))
            .until(() -> read(out).contains("watching") || !python.isAlive());
        assertThat(read(out)).contains("watching");
        MachineConfig mc =
            Serialization.unmarshal(
                """
                apiVersion: machineconfiguration.openshift.io/v1
                kind: MachineConfig
                metadata:
                  name: 97-python
                  labels: {machineconfiguration.openshift.io/role: worker}
                spec:
                  config:
                    ignition: {version: 3.4.0}
                    storage:
                      files:
                      - path: /etc/python-probe
                        mode: 420
                        contents: {source: "data:,watched"}
                """,
                MachineConfig.class);
        sim.client().resources(MachineConfig.class).resource(mc).create();
        assertThat(python.waitFor(180, TimeUnit.SECONDS)).as(read(out)).isTrue();
        String text = read(out);
        assertThat(python.exitValue()).as(text).isZero();
        assertThat(text)
            .contains("nodes master-0 worker-0 worker-1 worker-2")
            .contains("kubelets v1.36.3")
            .contains("pools master worker")
            .contains("event MODIFIED worker Updating=True")
            .contains("rollout seen");
      } finally {
        python.destroyForcibly();
      }
    }
  }

  static String read(Path f) throws java.io.IOException {
    return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : "";
  }
}
