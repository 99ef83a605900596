package io.ocelot.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** Reads the version the build wrote into {@code ocelot-version.properties}. */
final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() throws IOException {
    Properties p = new Properties();
    try (InputStream in = VersionProvider.class.getResourceAsStream("/ocelot-version.properties")) {
      if (in != null) {
        p.load(in);
      }
    }
    return new String[] {
      "ocelot " + p.getProperty("version", "unknown"),
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
    };
  }
}
