package io.ocelot.daemon.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import io.ocelot.daemon.txn.HostFixture;
import io.ocelot.daemon.txn.Preflight;
import io.ocelot.daemon.txn.SeedScenarioTest;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the drift monitor counts as drift (MCO's {@code TestConfigDriftMonitor} cases): for plain
 * and compressed files, units and dropins, a content change, rename, delete, overwrite with other
 * bytes and chmod are drift; a touch or the same bytes written again are not; a masked unit only
 * has to stay masked (OCPBUGS-3909).
 */
class DriftCheckTest {
  static final String UNIT =
      "[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n";

  @TempDir Path dir;

  /** A config with a plain file, a gzip-compressed file, a unit with a dropin and a masked unit. */
  static MachineConfig config() throws Exception {
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write("compressed contents\n".getBytes(StandardCharsets.UTF_8));
    }
    var ign =
        Json.MAPPER.readTree(
            IgnitionBuilder.v3()
                .file("/etc/plain.conf", "plain\n")
                .unit("app.service", UNIT, true)
                .dropin("app.service", "10-env.conf", "[Service]\nEnvironment=A=1\n")
                .build()
                .toString());
    var files = (com.fasterxml.jackson.databind.node.ArrayNode) ign.path("storage").path("files");
    files
        .addObject()
        .put("path", "/etc/packed.conf")
        .put("mode", 420)
        .putObject("contents")
        .put("compression", "gzip")
        .put("source", "data:;base64," + Base64.getEncoder().encodeToString(gz.toByteArray()));
    ((com.fasterxml.jackson.databind.node.ArrayNode) ign.path("systemd").path("units"))
        .addObject()
        .put("name", "masked.service")
        .put("mask", true)
        .put("contents", "[Service]\nExecStart=/bin/false\n");
    return MachineConfigs.create("rendered-worker-d", "worker", ign, SeedScenarioTest.BASE);
  }

  List<String> driftAfter(Consumer<Path> edit) throws Exception {
    MachineConfig mc = config();
    HostFixture h = new HostFixture(dir.resolve("root"), SeedScenarioTest.BASE);
    h.settle(mc, Optional.empty());
    IgnitionConfig ign =
        ((IgnitionResult.Valid) IgnitionParser.parse(mc.getSpec().getConfig())).config();
    assertThat(Preflight.differences(h.host.files(), ign)).as("right after settling").isEmpty();
    edit.accept(h.root);
    return Preflight.differences(h.host.files(), ign);
  }

  static void write(Path p, String s) {
    try {
      Files.writeString(p, s);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static void run(ThrowingRunnable r) {
    try {
      r.run();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  interface ThrowingRunnable {
    void run() throws Exception;
  }

  @Test
  void contentChangesOfEveryKindAreDrift() throws Exception {
    assertThat(driftAfter(r -> write(r.resolve("etc/plain.conf"), "other\n")))
        .containsExactly("content mismatch for file \"/etc/plain.conf\"");
    assertThat(driftAfter(r -> write(r.resolve("etc/packed.conf"), "other\n")))
        .containsExactly("content mismatch for file \"/etc/packed.conf\"");
    assertThat(driftAfter(r -> write(r.resolve("etc/systemd/system/app.service"), "[Unit]\n")))
        .containsExactly("content mismatch for file \"/etc/systemd/system/app.service\"");
    assertThat(
            driftAfter(
                r ->
                    write(
                        r.resolve("etc/systemd/system/app.service.d/10-env.conf"),
                        "[Service]\nEnvironment=A=2\n")))
        .containsExactly(
            "content mismatch for file \"/etc/systemd/system/app.service.d/10-env.conf\"");
  }

  @Test
  void renameDeleteAndChmodAreDrift() throws Exception {
    assertThat(
            driftAfter(
                r ->
                    run(
                        () ->
                            Files.move(
                                r.resolve("etc/plain.conf"), r.resolve("etc/plain.conf.bak")))))
        .containsExactly("could not stat file \"/etc/plain.conf\": no such file or directory");
    assertThat(driftAfter(r -> run(() -> Files.delete(r.resolve("etc/packed.conf")))))
        .containsExactly("could not stat file \"/etc/packed.conf\": no such file or directory");
    assertThat(
            driftAfter(
                r ->
                    run(
                        () ->
                            Files.setPosixFilePermissions(
                                r.resolve("etc/plain.conf"),
                                PosixFilePermissions.fromString("rw-rw-rw-")))))
        .containsExactly(
            "mode mismatch for file: \"/etc/plain.conf\"; expected: -rw-r--r--/420/0644;"
                + " received: -rw-rw-rw-/438/0666");
  }

  @Test
  void aTouchOrTheSameBytesAgainIsNoDrift() throws Exception {
    assertThat(
            driftAfter(
                r ->
                    run(
                        () -> {
                          Files.setLastModifiedTime(
                              r.resolve("etc/plain.conf"), FileTime.fromMillis(0));
                          write(r.resolve("etc/packed.conf"), "compressed contents\n");
                        })))
        .isEmpty();
  }

  @Test
  void aMaskedUnitIsDriftOnlyWhenItIsNoLongerMasked() throws Exception {
    // Its contents are never compared (the writer masks it instead of writing them).
    assertThat(driftAfter(r -> {})).isEmpty();
    assertThat(
            driftAfter(
                r ->
                    run(
                        () -> {
                          Path unit = r.resolve("etc/systemd/system/masked.service");
                          Files.delete(unit);
                          Files.writeString(unit, "[Service]\nExecStart=/bin/false\n");
                        })))
        .containsExactly(
            "state validation: invalid unit masked setting. path:"
                + " \"/etc/systemd/system/masked.service\"; expected: true; received: false");
  }

  @Test
  void theMonitorWatchesEveryOwnedPath() throws Exception {
    IgnitionConfig ign =
        ((IgnitionResult.Valid) IgnitionParser.parse(config().getSpec().getConfig())).config();
    assertThat(Preflight.ownedPaths(ign))
        .containsExactlyInAnyOrder(
            "/etc/plain.conf",
            "/etc/packed.conf",
            "/etc/systemd/system/app.service",
            "/etc/systemd/system/app.service.d/10-env.conf",
            "/etc/systemd/system/masked.service");
  }
}
