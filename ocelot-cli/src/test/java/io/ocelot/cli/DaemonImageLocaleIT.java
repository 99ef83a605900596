package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 43: the daemon must not depend on the locale it is given. A container (or a unit) with no
 * LANG gives the JVM ASCII file names; the image's launcher sets a UTF-8 locale, and the daemon
 * itself refuses a JVM without one at its start, with the fix named, instead of crashing on the
 * first MachineConfig path that is not ASCII. Both run here with an empty environment.
 */
class DaemonImageLocaleIT {
  static final Path IMAGE = Path.of("..", "ocelot-daemon", "target", "image").toAbsolutePath();
  static final String JAVA_BIN = Path.of(System.getProperty("java.home"), "bin").toString();

  /** The command with nothing in its environment but PATH (the JVM first). */
  static String[] run(List<String> command) throws Exception {
    ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true);
    b.environment().clear();
    b.environment().put("PATH", JAVA_BIN + ":/usr/bin:/bin");
    Process p = b.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(out).isTrue();
    return new String[] {Integer.toString(p.exitValue()), out};
  }

  static List<String> daemonArgs() {
    return List.of("--node", "worker-0", "--host-root", "/nonexistent-ocelot-root");
  }

  @Test
  void theImagesLauncherGivesTheDaemonAUtf8LocaleAndABareJvmIsRefused() throws Exception {
    assertThat(IMAGE.resolve("bin/ocelot-daemon"))
        .as("the daemon's image: mvn package lays it out")
        .exists();
    List<String> launcher =
        new ArrayList<>(List.of("sh", IMAGE.resolve("bin/ocelot-daemon").toString()));
    launcher.addAll(daemonArgs());
    String[] viaLauncher = run(launcher);
    // Past the locale check: the next one refuses the missing host root.
    assertThat(viaLauncher[1])
        .as("exit %s", viaLauncher[0])
        .contains("error: host root /nonexistent-ocelot-root is not a directory")
        .doesNotContain("not UTF-8");

    List<String> bare =
        new ArrayList<>(
            List.of(
                "java",
                "-cp",
                IMAGE.resolve("lib").toString() + "/*",
                "io.ocelot.daemon.DaemonMain"));
    bare.addAll(daemonArgs());
    String[] viaBareJvm = run(bare);
    assertThat(viaBareJvm[0]).isEqualTo("2");
    assertThat(viaBareJvm[1])
        .contains("error: this JVM names files in ANSI_X3.4-1968, not UTF-8")
        .contains("LC_ALL=C.UTF-8");
    assertThat(Files.exists(Path.of("/nonexistent-ocelot-root"))).isFalse();
  }
}
