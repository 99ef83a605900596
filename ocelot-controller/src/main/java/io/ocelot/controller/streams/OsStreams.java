package io.ocelot.controller.streams;

import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.OSImageStream;
import io.ocelot.api.model.OSImageStreamReference;
import io.ocelot.api.model.OSImageStreamSet;
import io.ocelot.api.render.RenderDefaults;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * MCO's rules for a pool's OS stream, pure. The stream a pool renders with is the one it names,
 * else, for a custom pool, the worker pool's, else the default; its OS and extensions images take
 * the place of the cluster's base images. A MachineConfig's {@code osImageURL} still wins over the
 * default stream (the admin manages the image), but not beside a stream the pool names: MCO refuses
 * that render. Without OSImageStream/cluster the cluster's base images stay.
 */
public final class OsStreams {
  private OsStreams() {}

  /** What a render starts from. */
  public sealed interface Resolution {}

  /** Render with these defaults (the stream's images, or the cluster's without streams). */
  public record Use(RenderDefaults defaults) implements Resolution {}

  /** The render is refused (RenderDegraded) for this reason. */
  public record Refused(String why) implements Resolution {}

  /** The stream a pool follows: its own, a custom pool the worker pool's, else "" (default). */
  public static String effectiveName(MachineConfigPool pool, Optional<MachineConfigPool> worker) {
    String own = pool.getSpec().osImageStreamName();
    if (!own.isEmpty()) {
      return own;
    }
    String name = pool.getMetadata().getName();
    if (name.equals("worker") || name.equals("master") || name.equals("arbiter")) {
      return "";
    }
    return worker.map(w -> w.getSpec().osImageStreamName()).orElse("");
  }

  public static Resolution resolve(
      MachineConfigPool pool,
      Optional<MachineConfigPool> worker,
      Optional<OSImageStream> streams,
      RenderDefaults defaults,
      List<MachineConfig> selected) {
    String poolName = pool.getMetadata().getName();
    boolean named = !pool.getSpec().osImageStreamName().isEmpty();
    if (named && selected.stream().anyMatch(OsStreams::setsImage)) {
      return new Refused(
          "cannot override MachineConfig osImageURL and set MachineConfigPool"
              + " spec.osImageStream.name simultaneously (set by "
              + selected.stream()
                  .filter(OsStreams::setsImage)
                  .map(mc -> mc.getMetadata().getName())
                  .collect(Collectors.joining(", "))
              + ")");
    }
    String wanted = effectiveName(pool, worker);
    if (streams.isEmpty() || streams.get().getStatus() == null) {
      return wanted.isEmpty()
          ? new Use(defaults)
          : new Refused(
              "could not get OSImageStream for pool "
                  + poolName
                  + ": OSImageStream cluster lists no streams");
    }
    Optional<OSImageStreamSet> set = streams.get().stream(wanted);
    if (set.isEmpty()) {
      return new Refused(
          "could not get OSImageStreamSet for pool "
              + poolName
              + ": no stream "
              + (wanted.isEmpty() ? "is the default" : "named \"" + wanted + "\"")
              + " in OSImageStream cluster (available: "
              + streams.get().getStatus().getAvailableStreams().stream()
                  .map(OSImageStreamSet::name)
                  .collect(Collectors.joining(", "))
              + ")");
    }
    return new Use(
        new RenderDefaults(
            set.get().osImage(), set.get().osExtensionsImage(), defaults.controllerVersion()));
  }

  /**
   * The stream a pool reports in its status, as MCO reports it: only once it is Updated and not
   * Degraded, only while no source config sets the OS image itself, and only when its rendered
   * config's OS image is one stream's.
   */
  public static Optional<OSImageStreamReference> reported(
      MachineConfigPoolStatus status,
      Optional<OSImageStream> streams,
      Function<String, Optional<MachineConfig>> configs) {
    if (!is(status, "Updated") || is(status, "Degraded") || streams.isEmpty()) {
      return Optional.empty();
    }
    if (status.getConfiguration() == null || status.getConfiguration().getName() == null) {
      return Optional.empty();
    }
    boolean userImage =
        status.getConfiguration().getSource().stream()
            .map(ref -> configs.apply(ref.getName()))
            .flatMap(Optional::stream)
            .anyMatch(OsStreams::setsImage);
    Optional<String> image =
        configs.apply(status.getConfiguration().getName()).map(mc -> mc.getSpec().getOsImageURL());
    if (userImage || image.isEmpty() || streams.get().getStatus() == null) {
      return Optional.empty();
    }
    return streams.get().getStatus().getAvailableStreams().stream()
        .filter(s -> s.osImage().equals(image.get()))
        .findFirst()
        .map(s -> new OSImageStreamReference(s.name()));
  }

  private static boolean setsImage(MachineConfig mc) {
    String url = mc.getSpec().getOsImageURL();
    return url != null && !url.isEmpty();
  }

  private static boolean is(MachineConfigPoolStatus status, String type) {
    return status.getConditions().stream()
        .filter(c -> type.equals(c.getType()))
        .map(MachineConfigPoolCondition::getStatus)
        .anyMatch("True"::equals);
  }
}
