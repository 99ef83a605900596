package io.ocelot.sim.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdkBindsTest {
  @TempDir Path dir;

  @Test
  void theJvmsDirectoryAndTheConfigurationItsLinksPointTo() throws Exception {
    Path home = Files.createDirectories(dir.resolve("jvm/jdk-17"));
    Files.createDirectories(home.resolve("conf/security"));
    Files.createDirectories(home.resolve("lib"));
    Files.createSymbolicLink(
        home.resolve("conf/security/java.security"),
        Path.of("/etc/java-17-openjdk/security/java.security"));
    Files.createSymbolicLink(home.resolve("lib/jvm.cfg"), Path.of("/etc/java-17-openjdk/jvm.cfg"));
    Files.createSymbolicLink(home.resolve("lib/cacerts"), Path.of("/etc/ssl/certs/java/cacerts"));
    // Links within the JVMs' directory or outside /etc are not configuration.
    Files.createSymbolicLink(home.resolve("src.zip"), Path.of("../openjdk-17/src.zip"));
    Files.createSymbolicLink(home.resolve("docs"), Path.of("/usr/share/doc/openjdk-17"));

    List<Machine.Bind> binds = JdkBinds.of(home);

    assertThat(binds)
        .extracting(Machine.Bind::option)
        .containsExactly(
            "--bind-ro=" + dir.resolve("jvm").toRealPath(),
            "--bind-ro=/etc/java-17-openjdk",
            "--bind-ro=/etc/ssl/certs/java");
  }
}
