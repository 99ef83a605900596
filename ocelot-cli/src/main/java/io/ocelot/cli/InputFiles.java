package io.ocelot.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Reads the files named on a command line; a directory stands for its YAML and JSON files. */
final class InputFiles {
  private InputFiles() {}

  /** A file's text and how to name it in messages. */
  record Source(String label, String text) {}

  /** What could be read, and a message for each path that could not. */
  record Read(List<Source> sources, List<String> unreadable) {}

  static Read read(List<Path> paths) {
    List<Source> sources = new ArrayList<>();
    List<String> unreadable = new ArrayList<>();
    for (Path path : paths) {
      if (Files.isDirectory(path)) {
        try (Stream<Path> entries = Files.list(path)) {
          List<Path> files =
              entries.filter(InputFiles::isManifest).filter(Files::isRegularFile).sorted().toList();
          if (files.isEmpty()) {
            unreadable.add(path + ": no .yaml, .yml or .json files in this directory");
          }
          files.forEach(f -> readOne(f, sources, unreadable));
        } catch (IOException e) {
          unreadable.add(path + ": cannot list directory: " + e.getMessage());
        }
      } else {
        readOne(path, sources, unreadable);
      }
    }
    return new Read(sources, unreadable);
  }

  private static boolean isManifest(Path p) {
    String n = p.getFileName().toString();
    return n.endsWith(".yaml") || n.endsWith(".yml") || n.endsWith(".json");
  }

  private static void readOne(Path path, List<Source> sources, List<String> unreadable) {
    if (!Files.exists(path)) {
      unreadable.add(path + ": no such file");
      return;
    }
    try {
      sources.add(new Source(path.toString(), Files.readString(path, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      unreadable.add(path + ": cannot read: " + e.getMessage());
    }
  }
}
