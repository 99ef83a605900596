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

/**
 * The reason an I/O operation failed, in the operating system's words. Java's file exceptions often
 * carry only the path as their message ({@code NoSuchFileException: /etc/x}); a message that ends
 * in a bare path says nothing, so the reason is taken from the exception's type when the exception
 * does not give one.
 */
public final class IoReasons {
  private IoReasons() {}

  /** E.g. {@code Directory not empty}, {@code Permission denied}, or the exception's message. */
  public static String of(IOException e) {
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return withOther(fs.getReason(), fs);
    }
    String byType = byType(e);
    if (byType != null) {
      return e instanceof FileSystemException fs ? withOther(byType, fs) : byType;
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private static String byType(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "No such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "Permission denied";
    }
    if (e instanceof DirectoryNotEmptyException) {
      return "Directory not empty";
    }
    if (e instanceof NotDirectoryException) {
      return "Not a directory";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "File exists";
    }
    if (e instanceof FileSystemLoopException) {
      return "Too many levels of symbolic links";
    }
    if (e instanceof NotLinkException) {
      return "Not a symbolic link";
    }
    if (e instanceof CharacterCodingException) {
      return "not valid UTF-8";
    }
    return null;
  }

  /** Names the second file of a two-file operation (a rename's target), when there is one. */
  private static String withOther(String reason, FileSystemException fs) {
    return fs.getOtherFile() == null ? reason : reason + " (" + fs.getOtherFile() + ")";
  }
}
