package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real {@code helm}, built from the Go module proxy by tools/build.sh (once, cached; the
 * version is pinned in tools/go.mod). Without Go the build says so and the test fails with it.
 */
record Helm(Path binary) {
  static final Path TOOLS = Path.of("..", "tools").toAbsolutePath().normalize();

  record Result(int code, String out) {}

  /** Builds helm when missing or older than tools/go.mod, printing the build's progress. */
  static Helm build() throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder("bash", TOOLS.resolve("build.sh").toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    System.out.print(out);
    assertThat(p.waitFor(20, TimeUnit.MINUTES)).as("tools/build.sh finishes").isTrue();
    assertThat(p.exitValue())
        .as("building helm with tools/build.sh (Go is needed, as for the control plane): %s", out)
        .isZero();
    Path helm = TOOLS.resolve("bin").resolve("helm");
    assertThat(Files.isExecutable(helm)).as("%s built", helm).isTrue();
    return new Helm(helm);
  }

  /** Runs it; output and error together. HELM_* state goes to {@code home}. */
  Result run(Path home, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(binary.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true);
    b.environment().put("HELM_CACHE_HOME", home.resolve("cache").toString());
    b.environment().put("HELM_CONFIG_HOME", home.resolve("config").toString());
    b.environment().put("HELM_DATA_HOME", home.resolve("data").toString());
    Process p = b.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("helm %s finishes", List.of(args)).isTrue();
    return new Result(p.exitValue(), out);
  }

  String ok(Path home, String... args) throws IOException, InterruptedException {
    Result r = run(home, args);
    assertThat(r.code()).as("helm %s: %s", List.of(args), r.out()).isZero();
    return r.out();
  }
}
