package io.ocelot.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** CompletableFuture's default executor reuses threads after {@link ProcessDefaults#apply}. */
class ProcessDefaultsTest {
  @Test
  void onOneOrTwoCoresTheCommonPoolGetsTwoThreads() {
    assertThat(ProcessDefaults.commonPoolParallelism(null, 1)).contains("2");
    assertThat(ProcessDefaults.commonPoolParallelism(null, 2)).contains("2");
  }

  @Test
  void moreCoresOrAValueSetOnTheCommandLineAreLeftAlone() {
    assertThat(ProcessDefaults.commonPoolParallelism(null, 3)).isEmpty();
    assertThat(ProcessDefaults.commonPoolParallelism("1", 1)).isEmpty();
  }

  /** What a JVM that sees one core uses for CompletableFuture's async tasks, with or without. */
  private static String asyncExecutorOfAOneCoreJvm(boolean apply) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElseThrow());
    command.add("-XX:ActiveProcessorCount=1");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Probe.class.getName());
    command.add(String.valueOf(apply));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }

  @Test
  void aOneCoreJvmStartsAThreadPerAsyncTaskUnlessApplied() throws Exception {
    assertThat(asyncExecutorOfAOneCoreJvm(false)).endsWith("ThreadPerTaskExecutor");
    assertThat(asyncExecutorOfAOneCoreJvm(true)).endsWith("ForkJoinPool");
  }

  /** Run in a JVM of its own: {@code apply} first, as a main does, then report. */
  public static final class Probe {
    public static void main(String[] args) throws IOException {
      if (Boolean.parseBoolean(args[0])) {
        ProcessDefaults.apply();
      }
      System.out.println(new CompletableFuture<Void>().defaultExecutor().getClass().getName());
    }
  }
}
