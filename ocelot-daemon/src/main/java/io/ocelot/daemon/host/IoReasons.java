package io.ocelot.daemon.host;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reason an I/O operation failed, in the operating system's words. Java's file exceptions often
 * carry only the path as their message ({@code NoSuchFileException: /etc/x}); a message that ends
 * in a bare path says nothing, so the reason is taken from the exception's type when the exception
 * does not give one.
 */
public final class IoReasons {
  /** The strerror text of the exceptions Java names by type only; the first match wins. */
  private static final List<Map.Entry<Class<? extends IOException>, String>> REASONS =
      List.of(
          Map.entry(NoSuchFileException.class, "No such file or directory"),
          Map.entry(AccessDeniedException.class, "Permission denied"),
          Map.entry(DirectoryNotEmptyException.class, "Directory not empty"),
          Map.entry(NotDirectoryException.class, "Not a directory"),
          Map.entry(FileAlreadyExistsException.class, "File exists"),
          Map.entry(FileSystemLoopException.class, "Too many levels of symbolic links"),
          Map.entry(NotLinkException.class, "Not a symbolic link"),
          Map.entry(CharacterCodingException.class, "not valid UTF-8"));

  private IoReasons() {}

  /** E.g. {@code Directory not empty}, {@code Permission denied}, or the exception's message. */
  public static String of(IOException e) {
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return withOther(fs.getReason(), fs);
    }
    Optional<String> byType = byType(e);
    if (byType.isPresent()) {
      return e instanceof FileSystemException fs ? withOther(byType.get(), fs) : byType.get();
    }
    String message = e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message;
  }

  private static Optional<String> byType(IOException e) {
    return REASONS.stream()
        .filter(r -> r.getKey().isInstance(e))
        .map(Map.Entry::getValue)
        .findFirst();
  }

  /** Names the second file of a two-file operation (a rename's target), when there is one. */
  private static String withOther(String reason, FileSystemException fs) {
    return fs.getOtherFile() == null ? reason : reason + " (" + fs.getOtherFile() + ")";
  }
}
