package io.ocelot.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The project's version, as the build wrote it into {@code ocelot-version.properties}. */
public final class OcelotVersion {
  /** Where Ocelot's images live; the images are tagged with {@link #release()}. */
  public static final String REGISTRY = "quay.io/ocelot";

  private OcelotVersion() {}

  /** The build's version, e.g. {@code 0.1.0-SNAPSHOT}; {@code unknown} outside a build. */
  public static String current() {
    Properties p = new Properties();
    try (InputStream in = OcelotVersion.class.getResourceAsStream("/ocelot-version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p.getProperty("version", "unknown");
  }

  /** The version without {@code -SNAPSHOT}: the tag of the images deploy/ and the chart pin. */
  public static String release() {
    return current().replace("-SNAPSHOT", "");
  }

  /** Ocelot's CLI image of this version (the controller's, the revert unit's). */
  public static String cliImage() {
    return REGISTRY + "/ocelot:" + release();
  }
}
