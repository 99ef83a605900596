package io.ocelot.daemon.host;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import java.time.Duration;
import java.util.Locale;

/**
 * The container runtime's image store (CRI-O's, not the OS image's): whether an image is there,
 * pulling one, and an image's size in its registry. Through the host's own tools, as the kubelet's
 * pulls go: {@code crictl} for the store, {@code podman manifest inspect} for the size (MCO asks
 * podman too), both with the kubelet's pull secret.
 */
public final class ContainerImages {
  /** The kubelet's pull secret, which MCO's pinned image pulls use as well. */
  public static final String KUBELET_AUTH = "/var/lib/kubelet/config.json";

  /** A pull of a large image over a slow link takes minutes; longer is a stuck pull. */
  static final Duration PULL_TIMEOUT = Duration.ofMinutes(15);

  private final CommandRunner runner;

  public ContainerImages(CommandRunner runner) {
    this.runner = runner;
  }

  /** Whether the runtime has {@code image}. */
  public boolean present(String image) throws HostException {
    CommandResult r = runner.run(Command.of("crictl", "inspecti", "--output", "json", image));
    if (r.ok()) {
      return true;
    }
    String said = r.stderrTail().toLowerCase(Locale.ROOT);
    if (r.exitCode() == 1 && (said.contains("no such image") || said.contains("not found"))) {
      return false;
    }
    throw new HostException("asking the container runtime for " + image + " failed", r);
  }

  /** Pulls {@code image} into the runtime's store. */
  public void pull(String image) throws HostException {
    CommandResult r =
        runner.run(
            Command.of("crictl", "pull", "--auth-file", KUBELET_AUTH, image)
                .withTimeout(PULL_TIMEOUT));
    if (!r.ok()) {
      throw new HostException("failed to pull image " + image, r);
    }
  }

  /**
   * The bytes {@code image}'s layers take in its registry (compressed): its manifest's layer sizes
   * summed; 0 for a manifest without layers (an index), as MCO counts it.
   */
  public long size(String image) throws HostException {
    CommandResult r =
        runner.run(
            Command.of(
                "podman",
                "manifest",
                "--log-level",
                "error",
                "inspect",
                "--authfile",
                KUBELET_AUTH,
                image));
    if (!r.ok()) {
      throw new HostException("failed to inspect the manifest of " + image, r);
    }
    try {
      long total = 0;
      for (JsonNode layer : Json.MAPPER.readTree(r.stdout()).path("layers")) {
        total += layer.path("size").asLong(0);
      }
      return total;
    } catch (JsonProcessingException e) {
      throw new HostException("the manifest of " + image + " is not JSON: " + e.getMessage(), e);
    }
  }
}
