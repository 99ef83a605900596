package io.ocelot.apiserver;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

/** Starts the control plane a mode asks for; {@code progress} hears what is chosen and built. */
public final class ControlPlanes {
  private ControlPlanes() {}

  /**
   * {@code stateDir}: where the real control plane keeps etcd, its PKI and {@code kubeconfig};
   * {@code port} 0 picks a free one.
   */
  public static ControlPlane start(
      ControlPlaneMode mode,
      Path stateDir,
      int port,
      Map<String, String> env,
      Consumer<String> progress)
      throws ControlPlaneException {
    ControlPlaneBinary binary = ControlPlaneBinary.locate(env);
    return switch (mode) {
      case EMBEDDED -> embedded(port);
      case KUBE -> kube(binary, stateDir, port, env, progress);
      case AUTO -> {
        if (binary.built() || binary.buildable(env)) {
          yield kube(binary, stateDir, port, env, progress);
        }
        progress.accept(
            "no Kubernetes control plane here (not built at "
                + binary.binary()
                + ", and no Go toolchain to build it): running the embedded API server, which"
                + " checks no identities, RBAC or schemas");
        yield embedded(port);
      }
    };
  }

  private static ControlPlane kube(
      ControlPlaneBinary binary,
      Path stateDir,
      int port,
      Map<String, String> env,
      Consumer<String> progress)
      throws ControlPlaneException {
    if (binary.buildable(env)) {
      binary.build(progress);
    }
    if (!binary.built()) {
      throw new ControlPlaneException(
          "the Kubernetes control plane is not built at "
              + binary.binary()
              + " and cannot be built here (needs control-plane/build.sh and Go); build it with"
              + " control-plane/build.sh, set "
              + ControlPlaneBinary.ENV
              + ", or pass --control-plane embedded");
    }
    return KubeControlPlane.start(binary.binary(), stateDir, port);
  }

  private static ControlPlane embedded(int port) throws ControlPlaneException {
    try {
      return port == 0 ? EmbeddedApiServer.start() : EmbeddedApiServer.start(port);
    } catch (UncheckedIOException e) {
      throw new ControlPlaneException(
          "api port " + port + " is in use (another ocelot sim?); pass --api-port", e);
    }
  }
}
