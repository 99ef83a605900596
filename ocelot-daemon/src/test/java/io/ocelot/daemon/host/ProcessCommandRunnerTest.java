package io.ocelot.daemon.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessCommandRunnerTest {
  @TempDir Path root;

  void tool(String name, String script) throws Exception {
    Path p = root.resolve("usr/bin/" + name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, "#!/usr/bin/env bash\n" + script + "\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  @Test
  void aMissingProgramIsExit127WithAClearMessage() {
    CommandResult r =
        ProcessCommandRunner.simulatedRoot(root).run(Command.of("systemd-run", "--unit", "x"));
    assertThat(r.exitCode()).isEqualTo(127);
    assertThat(r.stderrTail()).isEqualTo("systemd-run: command not found");
    assertThat(r.describeFailure())
        .isEqualTo("systemd-run exited 127: \"systemd-run: command not found\"");
  }

  @Test
  void exitCodeStdoutAndStderrTail() throws Exception {
    tool("t", "echo out; printf '%0.s-' {1..3000} >&2; echo ' the end' >&2; exit 3");
    CommandResult r = ProcessCommandRunner.simulatedRoot(root).run(Command.of("t"));
    assertThat(r.exitCode()).isEqualTo(3);
    assertThat(r.stdout()).isEqualTo("out\n");
    assertThat(r.stderrTail()).hasSize(CommandResult.STDERR_TAIL).endsWith("- the end\n");
    assertThat(r.stderrLastLine()).endsWith("the end");
  }

  @Test
  void aSimulatedRootsToolsRunInTheCLocale() throws Exception {
    tool("locale-of", "echo \"${LC_ALL-unset}\"");
    assertThat(ProcessCommandRunner.simulatedRoot(root).run(Command.of("locale-of")).stdout())
        .isEqualTo("C\n");
  }

  @Test
  void stdinIsEmptyAndTimeoutsKill() throws Exception {
    tool("reader", "cat; echo done");
    assertThat(ProcessCommandRunner.simulatedRoot(root).run(Command.of("reader")).stdout())
        .isEqualTo("done\n");
    tool("sleeper", "sleep 30");
    long start = System.nanoTime();
    CommandResult r =
        ProcessCommandRunner.simulatedRoot(root)
            .run(Command.of("sleeper").withTimeout(Duration.ofMillis(300)));
    assertThat(r.exitCode()).isEqualTo(CommandResult.TIMED_OUT);
    assertThat(r.describeFailure()).startsWith("sleeper timed out after 0s");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
  }

  @Test
  void commandsInARowReuseTheThreadsThatReadTheirOutput() throws Exception {
    // Both pipes well past their 64 KiB buffers: each needs its reader while the other is full.
    tool(
        "loud",
        "for i in {1..3000}; do echo \"out $i ....................................\";"
            + " echo \"err $i ....................................\" >&2; done");
    Set<Thread> earlier = readers(); // other runners' (tests before this one), kept 10 s
    ProcessCommandRunner runner = ProcessCommandRunner.simulatedRoot(root);
    for (int i = 0; i < 5; i++) {
      CommandResult r = runner.run(Command.of("loud"));
      assertThat(r.exitCode()).isZero();
      assertThat(r.stdout()).startsWith("out 1 ").contains("out 3000 ");
    }

    Set<Thread> started = readers();
    started.removeAll(earlier);
    assertThat(started).hasSizeBetween(1, 2);
  }

  private static Set<Thread> readers() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("ocelot-command-output"))
        .collect(Collectors.toCollection(HashSet::new));
  }

  @Test
  void displayQuotesArguments() {
    assertThat(
            Command.of("systemd-run", "--description", "a \"b\"", "-p", "After=x.service")
                .display())
        .isEqualTo("systemd-run --description \"a \\\"b\\\"\" -p After=x.service");
  }
}
