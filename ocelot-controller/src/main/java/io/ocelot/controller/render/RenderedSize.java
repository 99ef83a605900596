package io.ocelot.controller.render;

import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * A rendered config against the largest object the cluster can store: etcd refuses a request over
 * its {@code --max-request-bytes}, 1.5 MiB by default, and the API server then answers {@code
 * etcdserver: request is too large}. Each MachineConfig may fit while their render does not; the
 * controller says so before it writes (RenderDegraded, naming the size) instead of failing the same
 * write on every pass, and warns from 80 % on, while there is still room to act.
 */
public final class RenderedSize {
  /** etcd's default {@code --max-request-bytes}. */
  public static final int LIMIT = 1536 * 1024;

  /** From this share of {@link #LIMIT} on, a warning. */
  public static final int WARN_PERCENT = 80;

  private RenderedSize() {}

  /** The config as the API server receives it: its JSON. */
  public static int bytes(MachineConfig config) {
    try {
      return Json.MAPPER.writeValueAsBytes(config).length;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Why a config of {@code bytes} cannot be written, if it cannot. */
  public static Optional<String> refusal(String name, int bytes) {
    if (bytes <= LIMIT) {
      return Optional.empty();
    }
    return Optional.of(
        name
            + " would be "
            + kib(bytes)
            + ", more than the "
            + kib(LIMIT)
            + " etcd stores in one object: make the pool's MachineConfigs smaller (large files"
            + " belong in the OS image, a layered image's Containerfile, or compressed)");
  }

  /** A warning for a config of {@code bytes} that fits but is near the limit. */
  public static Optional<String> warning(String name, int bytes) {
    if (bytes > LIMIT || (long) bytes * 100 < (long) LIMIT * WARN_PERCENT) {
      return Optional.empty();
    }
    return Optional.of(
        name
            + " is "
            + kib(bytes)
            + ", "
            + (long) bytes * 100 / LIMIT
            + " % of the "
            + kib(LIMIT)
            + " etcd stores in one object: a little more in the pool's MachineConfigs and it can"
            + " no longer be rendered");
  }

  private static String kib(int bytes) {
    return (bytes + 1023) / 1024 + " KiB";
  }
}
