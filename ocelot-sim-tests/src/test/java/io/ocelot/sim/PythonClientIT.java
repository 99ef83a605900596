package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ocelot.api.model.MachineConfig;
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
    try (SimCluster sim = SmallSims.startKube(dir)) {
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
        MachineConfig mc = SmallSims.workerFile("97-python", "/etc/python-probe", "watched");
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
