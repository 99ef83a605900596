package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.sim.demo.Demo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The demos end to end, on the default cluster size with short reboots. */
class DemoIT {
  static SimSettings settings() {
    return SimSettings.defaults(Path.of("unused"))
        .onFreePorts()
        .withTimes(Duration.ofSeconds(1), Duration.ofSeconds(1))
        // The real control plane, explicitly: never a silent fallback to the embedded one.
        .withControlPlane(io.ocelot.apiserver.ControlPlaneMode.KUBE);
  }

  static String run(String scenario) throws Exception {
    StringWriter text = new StringWriter();
    boolean passed;
    try (PrintWriter out = new PrintWriter(text)) {
      passed = Demo.run(Demo.scenario(scenario).orElseThrow(), settings(), out);
    }
    System.out.println(text);
    assertThat(passed).as(text.toString()).isTrue();
    return text.toString();
  }

  @Test
  void rebootFailure() throws Exception {
    String out = run("reboot-failure");
    assertThat(out)
        .contains("PASS  5. worker-1 fails to reboot, rolls back, and says why")
        .contains("PASS  7. worker-1 retries, reboots into the layered image and config")
        .contains("PASS: reboot-failure")
        .doesNotContain("FAIL");
  }

  @Test
  void rollout() throws Exception {
    assertThat(run("rollout"))
        .contains("PASS  4. never more than maxUnavailable (1) worker unavailable")
        .contains("order [worker-0, worker-1, worker-2]");
  }

  @Test
  void revert() throws Exception {
    assertThat(run("revert"))
        .contains("PASS  3. worker-1 leaves the pool and reverts to the base image");
  }

  @Test
  void badImage() throws Exception {
    assertThat(run("bad-image"))
        .contains("fails its health check and boots back by itself")
        .contains("PASS  4. the rollout halts: the other workers never get the image")
        .contains("PASS  5. the pool heals")
        .contains("PASS: bad-image");
  }
}
