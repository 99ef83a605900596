package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a benchmark leaves in its temporary directory: the logs it names, nothing else (the control
 * plane's data, host roots and tokens are tens of MiB a run). The test removes the rest after its
 * look.
 */
final class BenchLeftovers {
  private BenchLeftovers() {}

  /**
   * Asserts that the directory of the log the line {@code "<label>: PATH"} names holds only logs.
   */
  static void assertOnlyLogs(String out, String label) throws IOException {
    Matcher m = Pattern.compile(Pattern.quote(label) + ": (\\S+)").matcher(out);
    assertThat(m.find()).as(out).isTrue();
    Path log = Path.of(m.group(1));
    assertThat(log).isRegularFile();
    Path dir = log.getParent();
    try (Stream<Path> left = Files.list(dir)) {
      List<String> names = left.map(p -> p.getFileName().toString()).sorted().toList();
      assertThat(names).as("left in " + dir).allMatch(n -> n.endsWith(".log"));
    }
    io.ocelot.sim.Trees.delete(dir);
  }
}
