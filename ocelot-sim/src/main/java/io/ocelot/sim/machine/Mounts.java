package io.ocelot.sim.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The mounts of this process's namespace, as {@code /proc/self/mountinfo} lists them. */
record Mounts(List<Mount> all) {
  static final Path MOUNTINFO = Path.of("/proc/self/mountinfo");

  /** One mount: where, its file system type, and its file system's options. */
  record Mount(Path point, String type, String options) {
    /** Whether an overlay mount has {@code dir} among its layers. */
    boolean layers(Path dir) {
      String d = dir.toString();
      for (String option : options.split(",")) {
        int eq = option.indexOf('=');
        if (eq > 0 && option.substring(0, eq).endsWith("dir")) {
          for (String layer : option.substring(eq + 1).split(":")) {
            if (layer.equals(d)) {
              return true;
            }
          }
        }
      }
      return false;
    }
  }

  static Mounts read() throws IOException {
    // Line by line: Files.readString trusts a size that /proc files report as 0.
    return parse(String.join("\n", Files.readAllLines(MOUNTINFO)));
  }

  /**
   * Parses mountinfo: {@code id parent major:minor root point options [tags...] - type source
   * super-options}, with spaces and the like escaped in octal ({@code \040}).
   */
  static Mounts parse(String text) {
    List<Mount> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      String[] f = line.strip().split(" ");
      int dash = List.of(f).indexOf("-");
      if (f.length < 5 || dash < 0 || dash + 3 >= f.length) {
        continue;
      }
      out.add(new Mount(Path.of(unescape(f[4])), f[dash + 1], unescape(f[dash + 3])));
    }
    return new Mounts(List.copyOf(out));
  }

  /** The mount points at or below {@code dir}, deepest first (the order to unmount them). */
  List<Path> under(Path dir) {
    return all.stream()
        .map(Mount::point)
        .filter(p -> p.startsWith(dir))
        .distinct()
        .sorted((a, b) -> b.getNameCount() - a.getNameCount())
        .toList();
  }

  /** Whether some overlay has {@code dir} as a layer. */
  boolean layered(Path dir) {
    return all.stream().anyMatch(m -> m.type().equals("overlay") && m.layers(dir));
  }

  private static String unescape(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
        b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
