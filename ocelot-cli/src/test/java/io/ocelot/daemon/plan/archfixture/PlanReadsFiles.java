package io.ocelot.daemon.plan.archfixture;

import java.nio.file.Files;
import java.nio.file.Path;

/** Violates "the planner has no host access". */
public final class PlanReadsFiles {
  public boolean exists(Path p) {
    return Files.exists(p);
  }
}
