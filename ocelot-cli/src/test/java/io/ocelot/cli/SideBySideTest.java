package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.apiserver.ControlPlaneMode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SideBySideTest {
  @Test
  void aColumnPerControlPlaneARowPerFigureInTheOrderSaid() {
    Map<ControlPlaneMode, Map<String, String>> runs = new LinkedHashMap<>();
    Map<String, String> kube = new LinkedHashMap<>();
    kube.put("rollout makespan", "57.8 s");
    kube.put("peak RSS of the control plane", "444 MiB");
    runs.put(ControlPlaneMode.KUBE, kube);
    runs.put(ControlPlaneMode.EMBEDDED, Map.of("rollout makespan", "50.4 s"));
    assertThat(SideBySide.table(runs))
        .isEqualTo(
            "| figure | kube | embedded |\n"
                + "|---|---|---|\n"
                + "| rollout makespan | 57.8 s | 50.4 s |\n"
                + "| peak RSS of the control plane | 444 MiB | – |\n");
  }
}
