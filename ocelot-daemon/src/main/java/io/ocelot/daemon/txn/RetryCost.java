package io.ocelot.daemon.txn;

/** What retrying a failed target costs the node (see {@link FailureRecord#retryCost}). */
public enum RetryCost {
  /** It failed before any boot into the target: a retry costs time only. */
  NONE("none"),
  /** A boot into the target was spent without proving the target bad: a retry costs a boot. */
  BOOT("boot"),
  /**
   * The boot into the target proved it bad: a retry would cost a boot and, as sure as anything, a
   * rollback and the boot back.
   */
  PROVEN_BAD("proven-bad");

  private final String word;

  RetryCost(String word) {
    this.word = word;
  }

  public String word() {
    return word;
  }
}
