package io.ocelot.cli;

import io.ocelot.runtime.OcelotVersion;
import picocli.CommandLine;

/** The version the build wrote into {@code ocelot-version.properties}, and the JVM's. */
final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {
      "ocelot " + OcelotVersion.current(),
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
    };
  }
}
