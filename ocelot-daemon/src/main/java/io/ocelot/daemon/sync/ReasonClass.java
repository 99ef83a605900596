package io.ocelot.daemon.sync;

import io.ocelot.daemon.txn.Category;
import io.ocelot.daemon.txn.FailureRecord;

/** The bounded class of a failure, for metric labels (never the error text). */
public final class ReasonClass {
  public static final String UNRECONCILABLE = "unreconcilable";
  public static final String MISSING_CONFIG = "missing-machineconfig";
  public static final String API = "api-error";
  public static final String HOST = "host-error";
  public static final String UNCORDON = "uncordon-failed";
  public static final String CONFIG_DRIFT = "config-drift";

  private ReasonClass() {}

  public static String of(FailureRecord r) {
    return switch (r.phase()) {
      case REBOOT -> "reboot-failed";
      case POST_ACTION -> "post-action-failed";
      case FINALIZE -> "finalize-failed";
      case HEALTH_CHECK -> "health-check-failed";
      case RECOVERY -> "interrupted";
      case COMMIT -> "commit-failed";
      case PREPARE -> r.category().map(ReasonClass::of).orElse("prepare-failed");
    };
  }

  /** A prepare step's failure by what the step changes (the engine's typed category). */
  static String of(Category c) {
    return switch (c) {
      case DRAIN -> "drain-failed";
      case IMAGE -> "stage-failed";
      case KERNEL -> "kernel-failed";
      case EXTENSIONS -> "extensions-failed";
      case KERNEL_ARGUMENTS -> "kernel-arguments-failed";
      case FILE -> "file-failed";
      case UNIT -> "unit-failed";
      case SSH_KEYS -> "ssh-keys-failed";
      case PASSWORD -> "password-failed";
      case REVERT_ARTIFACTS -> "revert-artifacts-failed";
      case SERVICE -> "service-failed";
    };
  }
}
