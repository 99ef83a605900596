package io.ocelot.controller.imagebuild;

import java.util.Objects;

/**
 * Where a production build's objects live. The MachineOSConfig's secrets stay where MCO keeps them,
 * in the controller's namespace ({@code secrets}); the build Job, its context and its copies of
 * those secrets go to a namespace of their own ({@code jobs}, {@code ocelot-builds} by default),
 * whose Pod Security level ({@code baseline}) refuses privileged pods: a controller that may create
 * Jobs must not be able to run one as root on a node through the daemon's privileged namespace.
 */
public record BuildNamespaces(String secrets, String jobs) {
  public static final String DEFAULT_JOBS = "ocelot-builds";

  public BuildNamespaces {
    Objects.requireNonNull(secrets, "secrets");
    Objects.requireNonNull(jobs, "jobs");
  }
}
