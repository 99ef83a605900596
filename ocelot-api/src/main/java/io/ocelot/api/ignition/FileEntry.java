package io.ocelot.api.ignition;

import java.util.List;

/**
 * A file the daemon writes: decoded (and inflated) contents, mode, owner and group. {@code append}
 * holds appended fragments, which the daemon refuses to apply.
 */
public record FileEntry(
    String path,
    Bytes contents,
    int mode,
    Owner user,
    Owner group,
    boolean overwrite,
    List<Bytes> append) {

  /** Ignition's default mode for files: 0644. */
  public static final int DEFAULT_MODE = 0644;

  public FileEntry {
    append = List.copyOf(append);
  }

  /** A root-owned file with the default mode. */
  public static FileEntry of(String path, Bytes contents) {
    return new FileEntry(path, contents, DEFAULT_MODE, Owner.ROOT, Owner.ROOT, true, List.of());
  }

  public boolean hasAppend() {
    return !append.isEmpty();
  }

  /** Mode as four octal digits, e.g. {@code 0644}. */
  public String modeOctal() {
    return String.format("%04o", mode);
  }
}
