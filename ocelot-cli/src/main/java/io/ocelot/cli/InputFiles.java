package io.ocelot.cli;

import io.ocelot.daemon.host.IoReasons;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads the files named on a command line; a directory stands for its YAML and JSON files. Reads
 * are bounded and only of regular files, so {@code /dev/zero} or a FIFO is an error rather than a
 * hang, and anything that cannot be read — in a directory too — is an error that counts.
 */
final class InputFiles {
  /** The largest input file: far above any manifest an API server accepts (3 MiB a request). */
  static final int MAX_FILE_BYTES = 32 * 1024 * 1024;

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
        readDirectory(path, sources, unreadable);
      } else {
        readOne(path, sources, unreadable);
      }
    }
    return new Read(sources, unreadable);
  }

  private static void readDirectory(Path dir, List<Source> sources, List<String> unreadable) {
    List<Path> files;
    try (Stream<Path> entries = Files.list(dir)) {
      // Subdirectories are not descended into (as kubectl -f DIR without -R); everything else
      // with a manifest's name is read or reported.
      files =
          entries
              .filter(InputFiles::isManifest)
              .filter(p -> !Files.isDirectory(p))
              .sorted()
              .toList();
    } catch (IOException e) {
      unreadable.add(dir + ": cannot list directory: " + IoReasons.of(e));
      return;
    }
    if (files.isEmpty()) {
      unreadable.add(dir + ": no .yaml, .yml or .json files in this directory");
    }
    files.forEach(f -> readOne(f, sources, unreadable));
  }

  private static boolean isManifest(Path p) {
    String n = p.getFileName().toString();
    return n.endsWith(".yaml") || n.endsWith(".yml") || n.endsWith(".json");
  }

  private static void readOne(Path path, List<Source> sources, List<String> unreadable) {
    String problem = notARegularFile(path);
    if (problem != null) {
      unreadable.add(path + ": " + problem);
      return;
    }
    try {
      byte[] bytes = readBounded(path);
      if (bytes.length > MAX_FILE_BYTES) {
        unreadable.add(
            path
                + ": larger than "
                + (MAX_FILE_BYTES / (1024 * 1024))
                + " MiB, the limit for one input file");
        return;
      }
      String text = decodeUtf8(bytes);
      if (text == null) {
        unreadable.add(path + ": not valid UTF-8 at byte " + firstInvalidByte(bytes));
        return;
      }
      sources.add(new Source(path.toString(), text));
    } catch (IOException e) {
      unreadable.add(path + ": cannot read: " + IoReasons.of(e));
    }
  }

  /** Why the path is not a regular file to read, or null when it is one. */
  private static String notARegularFile(Path path) {
    BasicFileAttributes attrs;
    try {
      attrs = Files.readAttributes(path, BasicFileAttributes.class);
    } catch (FileSystemException e) {
      if (Files.isSymbolicLink(path)) {
        return "cannot follow the symbolic link: " + IoReasons.of(e);
      }
      return Files.exists(path, LinkOption.NOFOLLOW_LINKS)
          ? "cannot read: " + IoReasons.of(e)
          : "no such file";
    } catch (IOException e) {
      return "cannot read: " + IoReasons.of(e);
    }
    if (attrs.isRegularFile()) {
      return null;
    }
    return attrs.isDirectory()
        ? "is a directory"
        : "is not a regular file (a device, FIFO or socket); only regular files are read";
  }

  /** At most one byte more than the limit, so a file that grows while read cannot hang us. */
  private static byte[] readBounded(Path path) throws IOException {
    try (InputStream in = Files.newInputStream(path)) {
      return in.readNBytes(MAX_FILE_BYTES + 1);
    }
  }

  /** The text, or null when the bytes are not UTF-8 (a BOM is dropped, as kubectl does). */
  private static String decodeUtf8(byte[] bytes) {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    try {
      String text = decoder.decode(ByteBuffer.wrap(bytes)).toString();
      return text.startsWith("\uFEFF") ? text.substring(1) : text;
    } catch (java.nio.charset.CharacterCodingException e) {
      return null;
    }
  }

  /** The offset of the first byte that does not decode, for the message. */
  static long firstInvalidByte(byte[] bytes) {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(8192);
    while (true) {
      CoderResult r = decoder.decode(in, out, true);
      if (r.isError()) {
        return in.position();
      }
      if (r.isUnderflow()) {
        return -1;
      }
      out.clear();
    }
  }
}
