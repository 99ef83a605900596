package io.ocelot.controller.imagebuild;

import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.ocelot.api.model.MachineOSConfig;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Builds images for MachineOSBuilds (a port: a Kubernetes Job in production, simulated here). */
public interface ImageBuilder {

  /**
   * Starts the build; starting one that is already running does nothing. Empty when it started,
   * else why it cannot (a secret the MachineOSConfig names is missing): the build fails at once
   * with that message instead of waiting for a pod that never starts.
   */
  Optional<String> start(BuildRequest request);

  /** How the build started at {@code started} is doing. */
  BuildState state(BuildRequest request, Instant started);

  /**
   * Event sources that report every change of a running build (the Job builder's informer of its
   * Jobs): with them the build reconciler waits for an event instead of polling. None by default:
   * the reconciler then looks again every build poll interval.
   */
  default List<EventSource<?, MachineOSConfig>> eventSources(
      EventSourceContext<MachineOSConfig> ctx) {
    return List.of();
  }

  /** The registry the builds push to, for removing their images once unused. */
  ImageRegistry registry();

  /** Where a build stands. */
  sealed interface BuildState permits Running, Succeeded, Failed, Interrupted {}

  record Running() implements BuildState {}

  /** Pushed; {@code sha256} is the image digest (hex). */
  record Succeeded(String sha256) implements BuildState {}

  record Failed(String reason) implements BuildState {}

  /** The build went away without finishing (its Job was deleted). */
  record Interrupted(String reason) implements BuildState {}
}
