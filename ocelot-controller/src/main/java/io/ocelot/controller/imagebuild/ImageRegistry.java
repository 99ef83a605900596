package io.ocelot.controller.imagebuild;

import java.util.Optional;

/**
 * Where built images live, as far as the controller removes them (a port: the registry's HTTP API
 * in production, a record in the simulator).
 */
public interface ImageRegistry {

  /**
   * Deletes the image {@code host/repo@sha256:...}, authenticating with {@code dockerConfigJson} (a
   * push secret's {@code .dockerconfigjson}) when given.
   */
  Deletion delete(String image, Optional<String> dockerConfigJson);

  /** What a deletion came to. */
  sealed interface Deletion permits Deleted, Absent, Refused, Failed {}

  record Deleted() implements Deletion {}

  /** It was not there (deleted before, or never pushed). */
  record Absent() implements Deletion {}

  /**
   * The registry will not delete it (no right, deletion disabled): asking again will not help, so
   * the image is left there, as MCO leaves it, with the registry's words.
   */
  record Refused(String why) implements Deletion {}

  /** The registry could not be reached or failed: worth asking again. */
  record Failed(String why) implements Deletion {}
}
