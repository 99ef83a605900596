package io.ocelot.daemon.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostFiles;
import io.ocelot.daemon.host.RootedHostFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MCO's on-disk validation rules and messages, one per kind of mismatch. */
class OnDiskValidatorTest {
  static final String UNIT = "[Service]\nExecStart=/bin/true\n";

  @TempDir Path root;
  HostFiles files;

  static final IgnitionConfig CONFIG =
      ((IgnitionResult.Valid)
              IgnitionParser.parse(
                  IgnitionBuilder.v3()
                      .file("/etc/a.conf", "a\n", 0600)
                      .unit("a.service", UNIT, true)
                      .dropin("a.service", "x.conf", "[Service]\nNice=1\n")
                      .dropin("a.service", "empty.conf", "")
                      .mask("m.service")
                      .build()))
          .config();

  @BeforeEach
  void matchingHost() throws HostException {
    files = new RootedHostFiles(root);
    files.write("/etc/a.conf", Bytes.utf8("a\n"), 0600, 0, 0);
    files.write("/etc/systemd/system/a.service", Bytes.utf8(UNIT), 0644, 0, 0);
    files.write(
        "/etc/systemd/system/a.service.d/x.conf", Bytes.utf8("[Service]\nNice=1\n"), 0644, 0, 0);
    files.symlink("/etc/systemd/system/m.service", "/dev/null");
  }

  @Test
  void aMatchingHostHasNoProblems() throws HostException {
    // The empty drop-in is a removal: its absence is right.
    assertThat(OnDiskValidator.problems(CONFIG, files)).isEmpty();
  }

  @Test
  void eachMismatchInMcosWords() throws HostException {
    files.write("/etc/a.conf", Bytes.utf8("a\n"), 0644, 0, 0);
    files.write(
        "/etc/systemd/system/a.service.d/x.conf", Bytes.utf8("[Service]\nNice=2\n"), 0644, 0, 0);
    files.delete("/etc/systemd/system/m.service");

    assertThat(OnDiskValidator.problems(CONFIG, files))
        .containsExactly(
            "mode mismatch for file: \"/etc/a.conf\"; expected: -rw-------/384/0600; received:"
                + " -rw-r--r--/420/0644",
            "content mismatch for file \"/etc/systemd/system/a.service.d/x.conf\"",
            "state validation: invalid unit masked setting. path:"
                + " \"/etc/systemd/system/m.service\"; expected: true; received: false");
  }

  @Test
  void aUnitMaskedThatShouldNotBeIsNamedAndItsContentsNotRead() throws HostException {
    files.delete("/etc/systemd/system/a.service");
    files.symlink("/etc/systemd/system/a.service", "/dev/null");
    files.delete("/etc/a.conf");

    assertThat(OnDiskValidator.problems(CONFIG, files))
        .containsExactly(
            "could not stat file \"/etc/a.conf\": no such file or directory",
            "state validation: invalid unit masked setting. path:"
                + " \"/etc/systemd/system/a.service\"; expected: false; received: true");
  }

  @Test
  void modesPrintAsGoPrintsThem() {
    assertThat(OnDiskValidator.describeMode(0755)).isEqualTo("-rwxr-xr-x/493/0755");
    assertThat(OnDiskValidator.describeMode(0)).isEqualTo("----------/0/0");
    assertThat(OnDiskValidator.describeMode(0400)).isEqualTo("-r--------/256/0400");
  }
}
