package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.apiserver.ControlPlaneMode;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A port in use stops the start with a message that names it, and releases the state dir. */
class SimStartTest {
  @TempDir Path dir;

  @Test
  void apiAndHttpPortsInUseAreNamed() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      SimSettings base = SimSettings.defaults(dir.resolve("a")).onFreePorts();
      SimSettings api =
          new SimSettings(
              1,
              0,
              dir.resolve("a"),
              false,
              taken.getLocalPort(),
              0,
              base.rebootTime(),
              base.buildTime(),
              base.retryCap(),
              ControlPlaneMode.EMBEDDED);
      assertThatThrownBy(() -> SimCluster.start(api, line -> {}))
          .isInstanceOf(SimException.class)
          .hasMessage(
              "api port "
                  + taken.getLocalPort()
                  + " is in use (another ocelot sim?); pass --api-port");
      SimSettings http =
          new SimSettings(
              1,
              0,
              dir.resolve("b"),
              false,
              0,
              taken.getLocalPort(),
              base.rebootTime(),
              base.buildTime(),
              base.retryCap(),
              ControlPlaneMode.EMBEDDED);
      assertThatThrownBy(() -> SimCluster.start(http, line -> {}))
          .isInstanceOf(SimException.class)
          .hasMessageContaining("http port " + taken.getLocalPort() + " is in use");
      SimSettings kube = api.inFreshDir(dir.resolve("c")).withControlPlane(ControlPlaneMode.KUBE);
      assertThatThrownBy(() -> SimCluster.start(kube, line -> {}))
          .isInstanceOf(SimException.class)
          .hasMessageContaining("the control plane exited with code 3 before it was ready")
          .hasMessageContaining("port " + taken.getLocalPort() + " on 127.0.0.1 is in use");
      // The failed starts released their state dirs: a reset can take them.
      StateDir.claim(dir.resolve("a"), true).close();
      StateDir.claim(dir.resolve("b"), true).close();
      StateDir.claim(dir.resolve("c"), true).close();
    }
  }

  /** Machine nodes log in as their pods: on the embedded server, which checks no one, refused. */
  @Test
  void machinesNeedTheRealControlPlane() {
    SimSettings embedded =
        SimSettings.defaults(dir.resolve("m"))
            .onFreePorts()
            .withControlPlane(ControlPlaneMode.EMBEDDED)
            .withMachines(MachineSettings.of(1, dir.resolve("no-image"), System.getenv()));

    assertThatThrownBy(() -> SimCluster.start(embedded, line -> {}))
        .isInstanceOf(SimException.class)
        .hasMessage(
            "machine nodes need the real control plane (--control-plane kube): their daemons log"
                + " in as their pods");
  }

  @Test
  void moreMachinesThanWorkersIsRefused() {
    assertThatThrownBy(
            () ->
                SimSettings.defaults(dir)
                    .withMachines(MachineSettings.of(4, dir.resolve("image"), System.getenv())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--machines 4 is more than the 3 workers: machines are the first workers");
  }
}
