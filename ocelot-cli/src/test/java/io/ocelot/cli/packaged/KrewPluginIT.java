package io.ocelot.cli.packaged;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.runtime.OcelotVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kubectl ocelot} as a krew plugin: tools/package-plugin.sh makes the archive and fills in
 * the manifest (krew/ocelot.yaml), and the real krew (built by tools/build.sh) installs it from
 * them as it would from an index; kubectl then finds the plugin and runs it. Runs after {@code
 * package} (failsafe): the archive carries the fat jar.
 */
class KrewPluginIT {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  static final Path OUT = ROOT.resolve("ocelot-cli/target/krew");

  @TempDir Path krewRoot;

  @Test
  void krewInstallsThePackagedPluginAndKubectlRunsIt() throws Exception {
    assertThat(run(List.of("bash", "tools/build.sh"), Map.of()).code())
        .as("tools/build.sh builds krew (Go is needed, as for the control plane)")
        .isZero();
    Path krew = ROOT.resolve("tools/bin/krew");
    String version = OcelotVersion.release();
    Path archive = OUT.resolve("kubectl-ocelot-v" + version + ".tar.gz");

    Programs.Result packaged =
        run(List.of("bash", "tools/package-plugin.sh", "--no-maven"), Map.of());
    assertThat(packaged.code()).as(packaged.out()).isZero();
    String sha = sha256(archive);
    String manifest = Files.readString(OUT.resolve("ocelot.yaml"));
    assertThat(manifest)
        .contains("  version: v" + version + "\n")
        .contains("      sha256: " + sha + "\n")
        .contains("      uri: file://" + archive + "\n")
        .doesNotContain("{{");
    // The same inputs make the same archive: a release's sha256 can be checked by rebuilding.
    assertThat(run(List.of("bash", "tools/package-plugin.sh", "--no-maven"), Map.of()).code())
        .isZero();
    assertThat(sha256(archive)).isEqualTo(sha);

    Map<String, String> env =
        Map.of(
            "KREW_ROOT",
            krewRoot.toString(),
            "PATH",
            krewRoot.resolve("bin") + ":" + System.getenv("PATH"));
    // krew reads its local index (a clone of krew-index, from GitHub) for list and uninstall; this
    // machine reaches no GitHub: an empty index stands in for it (install --manifest needs none).
    Path index = Files.createDirectories(krewRoot.resolve("index/default/plugins"));
    run(List.of("git", "init", "-q", index.getParent().toString()), Map.of()).ok("git init");
    Programs.Result install =
        run(
            List.of(
                krew.toString(),
                "install",
                "--manifest=" + OUT.resolve("ocelot.yaml"),
                "--archive=" + archive),
            env);
    assertThat(install.code()).as(install.out()).isZero();
    assertThat(install.out()).contains("Installed plugin: ocelot");
    assertThat(krewRoot.resolve("store/ocelot/v" + version + "/ocelot.jar")).isRegularFile();

    assertThat(run(List.of("kubectl", "plugin", "list"), env).out())
        .contains(krewRoot.resolve("bin/kubectl-ocelot").toString());
    assertThat(run(List.of("kubectl", "ocelot", "--version"), env).out())
        .startsWith("ocelot " + OcelotVersion.current() + "\n");
    Programs.Result validate =
        run(
            List.of("kubectl", "ocelot", "validate", ROOT.resolve("examples/00-worker.yaml") + ""),
            env);
    assertThat(validate.code()).as(validate.out()).isZero();
    assertThat(validate.out()).contains("1 object checked: 1 valid, 0 invalid");

    assertThat(run(List.of(krew.toString(), "list"), env).ok("krew list").out()).contains("ocelot");
    Programs.Result uninstall = run(List.of(krew.toString(), "uninstall", "ocelot"), env);
    assertThat(uninstall.code()).as(uninstall.out()).isZero();
    assertThat(krewRoot.resolve("bin/kubectl-ocelot")).doesNotExist();
  }

  private static Programs.Result run(List<String> argv, Map<String, String> env) throws Exception {
    return Programs.run(argv, ROOT, env, Duration.ofMinutes(20));
  }

  private static String sha256(Path file) throws Exception {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }
}
