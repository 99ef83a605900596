package io.ocelot.cli;

/** Exit codes shared by the commands. */
final class ExitCodes {
  static final int OK = 0;

  /** The input was read but is invalid, or the change it describes cannot be applied. */
  static final int INVALID = 1;

  /** The input could not be read (missing file, malformed YAML/JSON) or the usage was wrong. */
  static final int UNREADABLE = 2;

  /** An update failed and its rollback did not complete: the host needs attention. */
  static final int ROLLBACK_FAILED = 3;

  /** A controller replica lost its Lease: restart it as a standby. */
  static final int LOST_LEADERSHIP = 4;

  /**
   * The host cannot be worked on: its root is missing, its state is corrupt, its tools answer what
   * the engine cannot interpret. Nothing was changed; the message says what to fix.
   */
  static final int HOST_UNUSABLE = 5;

  /** A bug. */
  static final int INTERNAL = 70;

  private ExitCodes() {}
}
