package io.ocelot.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The daemon's image as Maven lays it out in ocelot-daemon/target/image (lib/, bin/, the class list
 * its class-data sharing archive is dumped from), for {@code ocelot bench daemon}.
 */
record DaemonImage(Path dir) {

  /**
   * ocelot-daemon/target/image of the checkout this CLI was built in: the CLI runs from
   * ocelot-cli/target/ocelot.jar (or ocelot-cli/target/classes in its tests).
   */
  static DaemonImage ofThisCheckout() throws URISyntaxException {
    Path codeSource =
        Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path checkout = codeSource.toAbsolutePath().getParent().getParent().getParent();
    return new DaemonImage(checkout.resolve("ocelot-daemon").resolve("target").resolve("image"));
  }

  boolean exists() {
    return Files.isDirectory(dir.resolve("lib")) && Files.isRegularFile(launcher());
  }

  /** The image's entry point (run by sh: Maven's copy does not keep the executable bit). */
  List<String> command() {
    return List.of("sh", launcher().toString());
  }

  /**
   * DaemonMain on the image's class path without the archive, recording the classes it loads into
   * {@code classList}: the list the archive is dumped from.
   */
  List<String> recordingCommand(Path classList) {
    return List.of(
        // The launcher's locale: the daemon refuses a JVM whose file names are not UTF-8.
        "env",
        "LC_ALL=C.UTF-8",
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:DumpLoadedClassList=" + classList,
        "-cp",
        dir.resolve("lib") + "/*",
        "io.ocelot.daemon.DaemonMain");
  }

  /** Where the class list lives in the sources (ocelot-daemon/src/image), to be committed. */
  Path sourceClassList() {
    return dir.getParent().getParent().resolve("src").resolve("image").resolve("daemon.classlist");
  }

  /**
   * Dumps the class-data sharing archive for this JVM as the image build does ({@code
   * bin/build-cds-archive}); false, having said why, when it cannot (the daemon then starts without
   * it).
   */
  boolean buildArchive(PrintWriter out) throws IOException, InterruptedException {
    ProcessBuilder build =
        new ProcessBuilder("sh", dir.resolve("bin").resolve("build-cds-archive").toString())
            .redirectErrorStream(true);
    build
        .environment()
        .put(
            "PATH",
            Path.of(System.getProperty("java.home"), "bin")
                + java.io.File.pathSeparator
                + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    Process p = build.start();
    String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    boolean ok = p.waitFor() == 0;
    out.println(ok ? said : "no class-data sharing archive: " + said);
    out.flush();
    return ok;
  }

  private Path launcher() {
    return dir.resolve("bin").resolve("ocelot-daemon");
  }
}
