package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hostile-input corpus ({@code src/test/resources/hostile}, one file per case, expectations in
 * {@code expected.tsv}, written by {@code make-corpus.py}): every case is refused by {@code
 * validate} and by {@code host apply} with its exit code and the text that names the problem, and
 * no case changes the host.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileCorpusTest {
  private static final Path CORPUS = Path.of("src", "test", "resources", "hostile");

  record Case(String file, int code, String expect) {
    @Override
    public String toString() {
      return file;
    }
  }

  @TempDir static Path dir;
  private Path root;
  private String rootBefore;

  static List<Case> cases() throws IOException {
    return Files.readAllLines(CORPUS.resolve("expected.tsv")).stream()
        .filter(l -> !l.startsWith("#") && !l.isBlank())
        .map(l -> l.split("\t", 3))
        .map(f -> new Case(f[0], Integer.parseInt(f[1]), f[2]))
        .toList();
  }

  @BeforeAll
  void hostRoot() throws Exception {
    root = dir.resolve("root");
    assertThat(
            CliTest.run("host", "init", "--root", root.toString(), "--image", HostCliTest.I1)
                .code())
        .isZero();
    rootBefore = treeHash(root);
  }

  @Test
  void theCorpusCoversEveryClassWithAtLeast150Cases() throws IOException {
    List<Case> cases = cases();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(150);
    try (Stream<Path> files = Files.list(CORPUS)) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.matches("\\d{3}-.*")))
          .containsExactlyInAnyOrderElementsOf(cases.stream().map(Case::file).toList());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void validateRefusesIt(Case c) {
    CliTest.Run r = CliTest.run("validate", CORPUS.resolve(c.file()).toString());
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(c.code());
    assertThat(r.out() + r.err()).contains(c.expect());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void hostApplyRefusesItAndLeavesTheHostAlone(Case c) throws Exception {
    CliTest.Run r =
        CliTest.run(
            "host",
            "apply",
            "--root",
            root.toString(),
            "--current",
            CliTest.ex("00-worker.yaml"),
            "--desired",
            CORPUS.resolve(c.file()).toString());
    assertThat(r.code()).as(r.out() + r.err()).isEqualTo(c.code());
    assertThat(r.out() + r.err()).contains(c.expect());
    assertThat(treeHash(root)).isEqualTo(rootBefore);
  }

  /** Paths, types, modes, link targets and contents of every entry under the root but its log. */
  private static String treeHash(Path root) throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.sorted().toList()) {
        String rel = root.relativize(p).toString();
        if (rel.startsWith("var/log")) {
          continue;
        }
        md.update(rel.getBytes());
        md.update(
            Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS).toString().getBytes());
        if (Files.isSymbolicLink(p)) {
          md.update(Files.readSymbolicLink(p).toString().getBytes());
        } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
          md.update(Files.readAllBytes(p));
        }
      }
    }
    return HexFormat.of().formatHex(md.digest());
  }
}
