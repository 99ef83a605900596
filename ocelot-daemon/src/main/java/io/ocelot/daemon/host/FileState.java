package io.ocelot.daemon.host;

import io.ocelot.api.ignition.Bytes;

/** What is at a host path (as {@code lstat} sees it), enough to put it back exactly. */
public sealed interface FileState {

  /** A regular file: contents, permission bits and owner. */
  record Regular(Bytes contents, int mode, int uid, int gid) implements FileState {}

  /** A symbolic link and its target, as written. */
  record Symlink(String target) implements FileState {}

  /** A directory (its contents are not captured). */
  record Directory(int mode, int uid, int gid) implements FileState {}
}
