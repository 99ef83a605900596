package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's offline commands, run as written (in-process): every one exits 0 (validate of {@code
 * examples/invalid}: 1), and the host walk-through ends with the node on the new config. Lines with
 * placeholders ({@code A.yaml}) are skipped; {@code /tmp/node} becomes a temporary directory.
 */
class ReadmeCommandsTest {
  @TempDir Path dir;

  @Test
  void theReadmesOfflineCommandsWorkAsWritten() throws Exception {
    List<String> lines = commands(Files.readAllLines(Path.of("..", "README.md")));
    Map<String, String> vars = new HashMap<>();
    List<String> ran = new ArrayList<>();
    CliTest.Run last = null;
    for (String line : lines) {
      if (line.matches("[A-Z][A-Z0-9_]*=\\S+")) {
        vars.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
        continue;
      }
      if (!line.startsWith("./ocelot ") || line.contains("A.yaml")) {
        continue;
      }
      List<String> args = new ArrayList<>();
      for (String word : line.substring("./ocelot ".length()).trim().split("\\s+")) {
        for (Map.Entry<String, String> v : vars.entrySet()) {
          word = word.replace("$" + v.getKey(), v.getValue());
        }
        word = word.replace("/tmp/node", dir.resolve("node").toString());
        args.add(word.startsWith("examples") ? "../" + word : word);
      }
      last = CliTest.run(args.toArray(String[]::new));
      // examples/invalid is there to show its problems: validate exits 1 for it, as documented.
      int expected = line.contains("examples/invalid") ? ExitCodes.INVALID : ExitCodes.OK;
      assertThat(last.code()).as(line + "\n" + last.out() + last.err()).isEqualTo(expected);
      ran.add(
          args.get(0) + (args.size() > 1 && args.get(0).equals("host") ? " " + args.get(1) : ""));
    }
    assertThat(ran)
        .containsSubsequence(
            "validate",
            "render",
            "plan",
            "host init",
            "host apply",
            "host reboot",
            "host finalize");
    assertThat(last.out()).startsWith("completed: the host is on MachineConfig rendered-worker-");
    assertThat(dir.resolve("node/etc/chrony.conf")).exists();
  }

  /** The "Commands" section's shell lines up to the simulator, continuation lines joined. */
  private static List<String> commands(List<String> readme) {
    List<String> out = new ArrayList<>();
    boolean section = false;
    boolean in = false;
    StringBuilder current = new StringBuilder();
    for (String raw : readme) {
      if (!in) {
        section |= raw.equals("## Commands");
        in = section && raw.equals("```sh");
        continue;
      }
      if (raw.startsWith("```") || raw.startsWith("# the whole system")) {
        break;
      }
      String line = raw.replaceAll("\\s+#.*$", "").replaceAll("^#.*$", "").trim();
      if (line.endsWith("\\")) {
        current.append(line, 0, line.length() - 1).append(' ');
        continue;
      }
      current.append(line);
      if (!current.toString().isBlank()) {
        out.add(current.toString().trim());
      }
      current.setLength(0);
    }
    return out;
  }
}
