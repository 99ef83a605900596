package io.ocelot.controller.imagebuild;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The simulator's registry: it holds whatever was built, and records what was deleted. */
public final class SimulatedImageRegistry implements ImageRegistry {
  private final List<String> deleted = new ArrayList<>();

  @Override
  public synchronized Deletion delete(String image, Optional<String> dockerConfigJson) {
    if (deleted.contains(image)) {
      return new Absent();
    }
    deleted.add(image);
    return new Deleted();
  }

  /** The images deleted so far, in order. */
  public synchronized List<String> deleted() {
    return List.copyOf(deleted);
  }
}
