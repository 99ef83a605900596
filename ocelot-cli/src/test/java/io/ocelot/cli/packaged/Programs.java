package io.ocelot.cli.packaged;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The programs the packaging tests run: output and errors together, no input, a deadline. */
final class Programs {
  record Result(int code, String out) {
    /** This result, once its exit code was 0 (else the test fails, saying {@code what}). */
    Result ok(String what) {
      assertThat(code).as(what + " (it said: " + out.strip() + ")").isZero();
      return this;
    }
  }

  private Programs() {}

  static Result run(List<String> argv, Path dir, Map<String, String> env, Duration timeout)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile("ocelot-packaged", ".out");
    try {
      ProcessBuilder pb =
          new ProcessBuilder(argv)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(out.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
      pb.environment().putAll(env);
      Process p = pb.start();
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        fail(String.join(" ", argv) + " did not end within " + timeout);
      }
      return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
    }
  }
}
