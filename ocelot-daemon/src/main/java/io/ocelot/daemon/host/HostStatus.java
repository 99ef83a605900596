package io.ocelot.daemon.host;

import java.util.Optional;

/**
 * The host's deployments as slots (bootc's model): the staged one (applied at the next boot), the
 * booted one, and the rollback one. {@code rollbackQueued} means the next boot goes to the rollback
 * deployment.
 */
public record HostStatus(
    Optional<Deployment> staged,
    Optional<Deployment> booted,
    Optional<Deployment> rollback,
    boolean rollbackQueued) {

  public Optional<String> bootedImage() {
    return booted.map(Deployment::image);
  }

  public Optional<String> stagedImage() {
    return staged.map(Deployment::image);
  }
}
