package io.ocelot.daemon.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.ignition.Bytes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Generated symlink layouts and host paths (seeded, reproducible): whatever the layout, no write,
 * symlink or directory through {@link RootedHostFiles} lands outside the root, and every resolved
 * path lies under it. A failing seed is printed and replays exactly.
 */
class RootedPathPropertyTest {
  private static final List<String> NAMES = List.of("etc", "a", "b", "l1", "l2", "l3", "x.conf");

  @TempDir Path dir;

  static Stream<Long> seeds() {
    return IntStream.range(0, 150).mapToObj(i -> 7000L + i);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void nothingEverLeavesTheRoot(long seed) throws Exception {
    Random random = new Random(seed);
    Path root = Files.createDirectories(dir.resolve("root"));
    Path outside = Files.createDirectories(dir.resolve("outside"));
    List<String> targets =
        List.of(
            "../outside",
            "../../outside",
            "../../../outside",
            outside.toString(),
            "/",
            "/etc",
            "..",
            ".",
            "a/../..",
            "l1",
            "l2/../..",
            "/l3/..",
            "etc/../../outside",
            "b");
    for (int i = 0; i < 10; i++) {
      Path at = root.resolve(randomPath(random, 1 + random.nextInt(2)).substring(1));
      if (throughASymlink(root, at)) {
        continue; // the layout itself must not be made through its own links
      }
      try {
        Files.createDirectories(at.getParent());
        if (random.nextBoolean()) {
          Files.createDirectories(at);
        } else {
          Files.createSymbolicLink(at, Path.of(targets.get(random.nextInt(targets.size()))));
        }
      } catch (java.io.IOException e) {
        // The generated layout collided with itself (a link where a directory was); keep going.
      }
    }
    RootedHostFiles files = new RootedHostFiles(root);
    for (int i = 0; i < 20; i++) {
      String path = randomPath(random, 1 + random.nextInt(4));
      try {
        Path resolved = files.resolve(path);
        assertThat(resolved.normalize().startsWith(root)).as("seed %d: %s", seed, path).isTrue();
        switch (random.nextInt(3)) {
          case 0 -> files.write(path, Bytes.utf8("x"), 0644, uid(), gid());
          case 1 -> files.ensureDirectory(path, 0755, uid(), gid());
          default -> files.symlink(path, "/etc/target");
        }
      } catch (HostException expected) {
        // Refused (leaves the root, too many symlinks, a file in the way): that is allowed.
      }
    }
    try (Stream<Path> out = Files.list(outside)) {
      assertThat(out.toList()).as("seed %d wrote outside the root", seed).isEmpty();
    }
    try (Stream<Path> siblings = Files.list(dir)) {
      assertThat(siblings.map(p -> p.getFileName().toString()))
          .as("seed %d", seed)
          .containsExactlyInAnyOrder("root", "outside");
    }
  }

  private static boolean throughASymlink(Path root, Path at) {
    for (Path p = at.getParent();
        p != null && p.startsWith(root) && !p.equals(root);
        p = p.getParent()) {
      if (Files.isSymbolicLink(p)) {
        return true;
      }
    }
    return Files.exists(at, java.nio.file.LinkOption.NOFOLLOW_LINKS);
  }

  private static String randomPath(Random random, int depth) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < depth; i++) {
      b.append('/').append(NAMES.get(random.nextInt(NAMES.size())));
    }
    return b.toString();
  }

  private static int uid() {
    return (Integer) attribute("unix:uid");
  }

  private static int gid() {
    return (Integer) attribute("unix:gid");
  }

  private static Object attribute(String name) {
    try {
      return Files.getAttribute(Path.of(System.getProperty("java.io.tmpdir")), name);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
