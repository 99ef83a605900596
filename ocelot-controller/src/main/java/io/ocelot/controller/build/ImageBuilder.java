package io.ocelot.controller.build;

import java.time.Instant;

/** Builds images for MachineOSBuilds (a port: a Kubernetes Job in production, simulated here). */
public interface ImageBuilder {

  /** Starts the build; starting one that is already running does nothing. */
  void start(BuildRequest request);

  /** How the build started at {@code started} is doing. */
  BuildState state(BuildRequest request, Instant started);

  /** Where a build stands. */
  sealed interface BuildState permits Running, Succeeded, Failed, Interrupted {}

  record Running() implements BuildState {}

  /** Pushed; {@code sha256} is the image digest (hex). */
  record Succeeded(String sha256) implements BuildState {}

  record Failed(String reason) implements BuildState {}

  /** The build went away without finishing (its Job was deleted). */
  record Interrupted(String reason) implements BuildState {}
}
