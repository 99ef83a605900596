package io.ocelot.cli;

import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.runtime.logging.LogSettings;
import io.ocelot.runtime.logging.LogSetup;
import io.ocelot.sim.ImagePulls;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.event.Level;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The simulated cluster's control plane and slow things, shared by {@code sim}, {@code demo} and
 * {@code bench}.
 */
final class SimTimings {
  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(
      names = "--control-plane",
      defaultValue = "auto",
      description =
          "kube: the real Kubernetes control plane (kube-apiserver, etcd, controllers; built once"
              + " from control-plane/ with Go); embedded: the in-JVM fallback, which checks no"
              + " identities, RBAC or schemas; auto: kube where it is built or can be built here"
              + " (default: ${DEFAULT-VALUE}). bench takes a list, e.g. kube,embedded, and prints"
              + " the runs side by side.")
  String controlPlane;

  @Option(
      names = "--reboot-seconds",
      defaultValue = "3",
      description = "How long a node is down for a reboot (default: ${DEFAULT-VALUE}).")
  double rebootSeconds;

  @Option(
      names = "--build-seconds",
      defaultValue = "2",
      description = "How long a layered image build takes (default: ${DEFAULT-VALUE}).")
  double buildSeconds;

  @Option(
      names = "--image-size",
      defaultValue = "0",
      description =
          "The OS image's size in MiB: each simulated node's first pull of an image takes"
              + " size / --pull-speed seconds (default: ${DEFAULT-VALUE}, instant pulls).")
  int imageSizeMiB;

  @Option(
      names = "--pull-speed",
      defaultValue = "50",
      description = "How fast a simulated node pulls, in MiB/s (default: ${DEFAULT-VALUE}).")
  int pullSpeed;

  @Option(
      names = "--verbose",
      description = "Print the components' INFO logs too (stderr); by default only warnings.")
  boolean verbose;

  /** False, having said why on {@code err}, when a duration is negative or a mode unknown. */
  boolean valid(java.io.PrintWriter err) {
    if (rebootSeconds < 0 || buildSeconds < 0) {
      err.println("error: --reboot-seconds and --build-seconds cannot be negative");
      return false;
    }
    try {
      pulls();
    } catch (IllegalArgumentException e) {
      err.println("error: --image-size / --pull-speed: " + e.getMessage());
      return false;
    }
    try {
      controlPlanes();
    } catch (IllegalArgumentException e) {
      err.println("error: --control-plane: " + e.getMessage());
      return false;
    }
    return true;
  }

  /** The {@code --control-plane} mode; an unknown name or a list is an IllegalArgumentException. */
  ControlPlaneMode controlPlane() {
    List<ControlPlaneMode> modes = controlPlanes();
    if (modes.size() != 1) {
      throw new IllegalArgumentException("name one control plane (a list is for bench only)");
    }
    return modes.get(0);
  }

  /** {@code --control-plane kube,embedded}: the benchmark runs on each, side by side. */
  List<ControlPlaneMode> controlPlanes() {
    return java.util.Arrays.stream(controlPlane.split(",")).map(ControlPlaneMode::parse).toList();
  }

  /** What an image pull costs the simulated nodes. */
  ImagePulls pulls() {
    return new ImagePulls(imageSizeMiB, pullSpeed);
  }

  Duration rebootTime() {
    return seconds(rebootSeconds);
  }

  Duration buildTime() {
    return seconds(buildSeconds);
  }

  /** Before any component logs: quiet unless --verbose, and to {@code file} when given. */
  void applyLogging(Optional<Path> file) {
    LogSettings settings = ((Main) mixee.root().userObject()).logging();
    if (!verbose) {
      settings = settings.withLevel(Level.WARN);
    }
    if (file.isPresent()) {
      settings = settings.toFile(file.get());
    }
    LogSetup.apply(settings);
  }

  void applyLogging() {
    applyLogging(Optional.empty());
  }

  private static Duration seconds(double s) {
    if (s < 0) {
      throw new IllegalArgumentException("durations cannot be negative, got " + s);
    }
    return Duration.ofMillis(Math.round(s * 1000));
  }
}
