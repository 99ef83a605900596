package io.ocelot.cli;

import static io.ocelot.cli.CliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading input files: bounded, only regular files, strict UTF-8, every failure counted. */
class InputFilesTest {
  private static final String MC =
      "apiVersion: machineconfiguration.openshift.io/v1\nkind: MachineConfig\n"
          + "metadata: {name: 50-x, labels: {machineconfiguration.openshift.io/role: worker}}\n"
          + "spec: {config: {ignition: {version: 3.5.0}}}\n";

  @Test
  void aDeviceIsRefusedNotReadForever() {
    CliTest.Run r = run("validate", "/dev/zero");
    assertThat(r.code()).isEqualTo(ExitCodes.UNREADABLE);
    assertThat(r.err())
        .contains(
            "/dev/zero: is not a regular file (a device, FIFO or socket); only regular files are"
                + " read");
  }

  @Test
  void aFifoOrABrokenSymlinkInADirectoryCountsAsAnError(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("10-good.yaml"), MC);
    Process mkfifo = new ProcessBuilder("mkfifo", dir.resolve("20-pipe.yaml").toString()).start();
    assertThat(mkfifo.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(mkfifo.exitValue()).isZero();
    Files.createSymbolicLink(dir.resolve("30-loop.yaml"), dir.resolve("30-loop.yaml"));
    Files.createSymbolicLink(dir.resolve("40-dangling.yml"), dir.resolve("nowhere"));
    Files.createDirectory(dir.resolve("50-dir.json"));

    CliTest.Run r = run("validate", dir.toString());

    assertThat(r.code()).isEqualTo(ExitCodes.UNREADABLE);
    assertThat(r.err().lines())
        .containsExactly(
            "error: "
                + dir.resolve("20-pipe.yaml")
                + ": is not a regular file (a device, FIFO or"
                + " socket); only regular files are read",
            "error: "
                + dir.resolve("30-loop.yaml")
                + ": cannot follow the symbolic link: Too many levels of symbolic links or unable"
                + " to access attributes of symbolic link",
            "error: "
                + dir.resolve("40-dangling.yml")
                + ": cannot follow the symbolic link: No such file or directory");
  }

  @Test
  void undecodableInputNamesTheFirstBadByte(@TempDir Path dir) throws Exception {
    byte[] text = MC.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] bad = java.util.Arrays.copyOf(text, text.length + 3);
    bad[text.length] = '#';
    bad[text.length + 1] = (byte) 0xC3;
    bad[text.length + 2] = (byte) 0x28;
    Path file = Files.write(dir.resolve("latin.yaml"), bad);

    CliTest.Run r = run("validate", file.toString());

    assertThat(r.code()).isEqualTo(ExitCodes.UNREADABLE);
    assertThat(r.err()).contains(file + ": not valid UTF-8 at byte " + (text.length + 1));
  }

  @Test
  void aByteOrderMarkIsDropped(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("bom.yaml"), "\uFEFF" + MC);
    assertThat(run("validate", file.toString()).code()).isEqualTo(ExitCodes.OK);
  }

  @Test
  void anOversizedFileIsRefusedBeforeItIsParsed(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("huge.yaml");
    try (var out = Files.newOutputStream(file)) {
      byte[] line =
          "# padding padding padding padding padding padding padding padding\n".getBytes();
      for (long written = 0; written <= InputFiles.MAX_FILE_BYTES; written += line.length) {
        out.write(line);
      }
    }
    CliTest.Run r = run("validate", file.toString());
    assertThat(r.code()).isEqualTo(ExitCodes.UNREADABLE);
    assertThat(r.err()).contains(file + ": larger than 32 MiB, the limit for one input file");
  }

  @Test
  void aFileOverThePerFileLimitIsNamedWithItsField(@TempDir Path dir) throws Exception {
    String big = java.util.Base64.getEncoder().encodeToString(new byte[5 * 1024 * 1024]);
    Path file =
        Files.writeString(
            dir.resolve("big.yaml"),
            MC.replace(
                "spec: {config: {ignition: {version: 3.5.0}}}\n",
                "spec:\n  config:\n    ignition: {version: 3.5.0}\n    storage:\n      files:\n"
                    + "      - path: /etc/big\n        contents: {source: \"data:;base64,"
                    + big
                    + "\"}\n"));

    CliTest.Run r = run("validate", file.toString());

    assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
    assertThat(r.out())
        .contains(
            "spec.config.storage.files[0].contents: contents are 5242880 bytes, over the limit of"
                + " 4 MiB per file");
  }
}
