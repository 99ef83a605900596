package io.ocelot.controller.streams;

import io.ocelot.api.model.OSImageStreamSet;
import java.util.List;

/**
 * The OS streams this controller offers and the default among them (upstream's operator reads them
 * from the release; Ocelot's controller is given them). None: the controller leaves
 * OSImageStream/cluster alone and pools render with the cluster's base images.
 */
public record OsStreamCatalog(List<OSImageStreamSet> streams, String defaultStream) {
  public static final OsStreamCatalog NONE = new OsStreamCatalog(List.of(), "");

  public OsStreamCatalog {
    streams = List.copyOf(streams);
    if (!streams.isEmpty() && streams.stream().noneMatch(s -> s.name().equals(defaultStream))) {
      throw new IllegalArgumentException(
          "the default OS stream " + defaultStream + " is not among the streams offered");
    }
  }

  public boolean isEmpty() {
    return streams.isEmpty();
  }
}
