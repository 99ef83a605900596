package io.ocelot.daemon.host;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.api.ignition.Bytes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RootedHostFilesTest {
  @TempDir Path dir;

  @Test
  void writesAtomicallyWithModeAndOwnerAndReportsCreatedDirectories() throws Exception {
    Path root = dir.resolve("root");
    Files.createDirectories(root.resolve("etc"));
    RootedHostFiles files = new RootedHostFiles(root);
    List<String> created = files.write("/etc/a/b/c.conf", Bytes.utf8("x\n"), 0640, 1000, 10);
    assertThat(created).containsExactly("/etc/a", "/etc/a/b");
    assertThat(files.stat("/etc/a/b/c.conf"))
        .contains(new FileState.Regular(Bytes.utf8("x\n"), 0640, 1000, 10));
    assertThat(files.stat("/etc/a")).contains(new FileState.Directory(0755, 0, 0));
    try (var s = Files.list(root.resolve("etc/a/b"))) {
      assertThat(s.map(p -> p.getFileName().toString())).containsExactly("c.conf");
    }
  }

  @Test
  void appendAddsToOneRegularFileAndRefusesLinksFifosAndMissingFiles() throws Exception {
    RootedHostFiles files = new RootedHostFiles(dir);
    files.write("/var/log.jsonl", Bytes.utf8("a\n"), 0600, 0, 0);
    files.append("/var/log.jsonl", out -> out.write("b\n".getBytes(UTF_8)));
    assertThat(Files.readString(dir.resolve("var/log.jsonl"))).isEqualTo("a\nb\n");

    Path outside = Files.writeString(Files.createTempFile("outside", ".txt"), "theirs");
    try {
      Files.createDirectories(dir.resolve("etc"));
      Files.createLink(dir.resolve("etc/hard"), outside);
      Files.createSymbolicLink(dir.resolve("etc/soft"), Path.of("/var/log.jsonl"));
      new ProcessBuilder("mkfifo", dir.resolve("etc/fifo").toString()).start().waitFor();
      for (String p : List.of("/etc/hard", "/etc/soft", "/etc/fifo", "/etc/missing")) {
        assertThatThrownBy(() -> files.append(p, out -> out.write('x')))
            .as(p)
            .isInstanceOf(HostException.class)
            .hasMessage(
                "refusing to append to "
                    + p
                    + ": it is not one regular file with one name (missing, a link or a special"
                    + " file)");
      }
      assertThat(Files.readString(outside)).isEqualTo("theirs");
      assertThat(Files.readString(dir.resolve("var/log.jsonl"))).isEqualTo("a\nb\n");
    } finally {
      Files.deleteIfExists(dir.resolve("etc/hard"));
      Files.delete(outside);
    }
  }

  @Test
  void restorePutsBackFilesSymlinksAndAbsence() throws Exception {
    RootedHostFiles files = new RootedHostFiles(dir);
    files.write("/etc/x", Bytes.utf8("old"), 0600, 0, 0);
    Optional<FileState> before = files.stat("/etc/x");
    files.write("/etc/x", Bytes.utf8("new"), 0644, 0, 0);
    files.restore("/etc/x", before);
    assertThat(files.stat("/etc/x")).isEqualTo(before);

    files.symlink("/etc/l", "/dev/null");
    Optional<FileState> link = files.stat("/etc/l");
    assertThat(link).contains(new FileState.Symlink("/dev/null"));
    files.write("/etc/l", Bytes.utf8("file now"), 0644, 0, 0);
    files.restore("/etc/l", link);
    assertThat(files.stat("/etc/l")).isEqualTo(link);

    files.restore("/etc/l", Optional.empty());
    assertThat(files.stat("/etc/l")).isEmpty();
  }

  @Test
  void pathsThatLeaveTheRootAreRefused() throws Exception {
    Path root = dir.resolve("root");
    Files.createDirectories(root.resolve("etc"));
    Files.createDirectories(dir.resolve("outside"));
    Files.createSymbolicLink(root.resolve("etc/escape"), Path.of("../../outside"));
    RootedHostFiles files = new RootedHostFiles(root);

    assertThatThrownBy(() -> files.write("/etc/escape/x", Bytes.utf8("x"), 0644, 0, 0))
        .isInstanceOf(HostException.class)
        .hasMessage("refusing host path /etc/escape/x: it leaves the host root");
    assertThatThrownBy(() -> files.resolve("/etc/../x"))
        .hasMessage("refusing host path /etc/../x: not absolute and normalized");
    assertThatThrownBy(() -> files.resolve("etc/x"))
        .hasMessage("refusing host path etc/x: not absolute and normalized");
    assertThat(dir.resolve("outside")).isEmptyDirectory();
  }

  @Test
  void symlinksInsideTheRootAreFollowedAsTheHostWould() throws Exception {
    Path root = dir.resolve("root");
    Files.createDirectories(root.resolve("var/home/core"));
    Files.createSymbolicLink(root.resolve("home"), Path.of("var/home"));
    Files.createDirectories(root.resolve("usr/etc"));
    Files.createDirectories(root.resolve("etc"));
    // An absolute target means the host's /, which is the root here.
    Files.createSymbolicLink(root.resolve("etc/alt"), Path.of("/usr/etc"));
    RootedHostFiles files = new RootedHostFiles(root);

    files.write("/home/core/.ssh/authorized_keys.d/ignition", Bytes.utf8("k\n"), 0600, 1000, 1000);
    assertThat(root.resolve("var/home/core/.ssh/authorized_keys.d/ignition")).hasContent("k");
    assertThat(files.resolve("/etc/alt/x")).isEqualTo(root.resolve("usr/etc/x"));
  }

  @Test
  void aFinalSymlinkIsReplacedNotFollowed() throws Exception {
    Path root = dir.resolve("root");
    Files.createDirectories(root.resolve("etc"));
    Path outside = Files.writeString(dir.resolve("victim"), "keep");
    Files.createSymbolicLink(root.resolve("etc/trap"), outside);
    new RootedHostFiles(root).write("/etc/trap", Bytes.utf8("mine"), 0644, 0, 0);
    assertThat(outside).hasContent("keep");
    assertThat(root.resolve("etc/trap")).isRegularFile().hasContent("mine");
  }

  @Test
  void failuresNameTheOperatingSystemsReasonNotABarePath() throws Exception {
    Path root = dir.resolve("root");
    Files.createDirectories(root.resolve("etc/gone.conf"));
    Files.writeString(root.resolve("etc/gone.conf/inside"), "x");
    Files.writeString(root.resolve("etc/file"), "x");
    RootedHostFiles files = new RootedHostFiles(root);

    assertThatThrownBy(() -> files.delete("/etc/gone.conf"))
        .isInstanceOf(HostException.class)
        .hasMessageStartingWith("cannot delete /etc/gone.conf")
        .hasMessageEndingWith(": Directory not empty");
    assertThatThrownBy(() -> files.ensureDirectory("/etc/file/.ssh", 0700, 0, 0))
        .isInstanceOf(HostException.class)
        .hasMessageEndingWith(": Not a directory");
    assertThatThrownBy(() -> files.write("/etc/" + "n".repeat(300), Bytes.utf8("x"), 0644, 0, 0))
        .isInstanceOf(HostException.class)
        .hasMessageEndingWith(": File name too long");
  }
}
