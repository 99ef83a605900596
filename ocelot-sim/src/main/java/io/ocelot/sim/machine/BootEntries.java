package io.ocelot.sim.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * ostree's boot loader entries ({@code boot/loader/entries/*.conf}), read as a boot loader reads
 * them: the entry with the highest {@code version} boots by default, the next one is the fallback.
 * Each names its deployment by the {@code ostree=} argument of its {@code options} line, a link
 * under the sysroot that ostree points at the deployment's directory.
 */
public record BootEntries(List<Entry> entries) {
  /** One entry: its version and its {@code ostree=} link ({@code /ostree/boot.N/os/<csum>/0}). */
  public record Entry(int version, String ostreeLink) {}

  public BootEntries {
    entries = entries.stream().sorted(Comparator.comparingInt(Entry::version).reversed()).toList();
  }

  /** The entries of these files (name to text); files without a version or link are skipped. */
  public static BootEntries parse(Map<String, String> files) {
    List<Entry> out = new ArrayList<>();
    for (String text : files.values()) {
      Optional<Integer> version = Optional.empty();
      Optional<String> link = Optional.empty();
      for (String line : text.split("\n")) {
        String[] kv = line.strip().split("\\s+", 2);
        if (kv.length < 2) {
          continue;
        }
        if (kv[0].equals("version") && kv[1].strip().matches("\\d{1,9}")) {
          version = Optional.of(Integer.parseInt(kv[1].strip()));
        } else if (kv[0].equals("options")) {
          link =
              Stream.of(kv[1].split("\\s+"))
                  .filter(a -> a.startsWith("ostree="))
                  .map(a -> a.substring("ostree=".length()))
                  .findFirst();
        }
      }
      if (version.isPresent() && link.isPresent()) {
        out.add(new Entry(version.get(), link.get()));
      }
    }
    return new BootEntries(out);
  }

  /** The entries of a sysroot as they are now. */
  public static BootEntries read(Path sysroot) throws IOException {
    Path dir = sysroot.resolve("boot/loader/entries");
    Map<String, String> files = new java.util.TreeMap<>();
    if (Files.isDirectory(dir)) {
      try (Stream<Path> list = Files.list(dir)) {
        for (Path f : list.filter(p -> p.toString().endsWith(".conf")).toList()) {
          files.put(f.getFileName().toString(), Files.readString(f));
        }
      }
    }
    return parse(files);
  }

  /**
   * The deployment directory the entry of this rank boots (0: the default, 1: the fallback), its
   * link followed under {@code sysroot}; empty when there is no such entry.
   */
  public Optional<Path> deployment(Path sysroot, int rank) throws IOException {
    if (rank >= entries.size()) {
      return Optional.empty();
    }
    String link = entries.get(rank).ostreeLink().replaceFirst("^/+", "");
    return Optional.of(sysroot.resolve(link).toRealPath());
  }
}
