package io.ocelot.daemon.node;

import io.ocelot.daemon.txn.FailureRecord;
import java.util.List;
import java.util.Map;

/** The bounded class of a failure, for metric labels (never the error text). */
public final class ReasonClass {
  public static final String UNRECONCILABLE = "unreconcilable";
  public static final String MISSING_CONFIG = "missing-machineconfig";
  public static final String API = "api-error";
  public static final String HOST = "host-error";
  public static final String UNCORDON = "uncordon-failed";
  public static final String CONFIG_DRIFT = "config-drift";

  /** Classes of prepare-step failures, by the step summary's start (the engine's wording). */
  private static final List<Map.Entry<String, String>> STEPS =
      List.of(
          Map.entry("request drain", "drain-failed"),
          Map.entry("stage OS image", "stage-failed"),
          Map.entry("switch kernel", "kernel-failed"),
          Map.entry("set extensions", "extensions-failed"),
          Map.entry("set kernel arguments", "kernel-arguments-failed"),
          Map.entry("write file", "file-failed"),
          Map.entry("remove file", "file-failed"),
          Map.entry("write unit", "unit-failed"),
          Map.entry("remove unit", "unit-failed"),
          Map.entry("write SSH keys", "ssh-keys-failed"),
          Map.entry("set password hash", "password-failed"),
          Map.entry("write revert-from-layering", "revert-artifacts-failed"),
          Map.entry("reload ", "service-failed"),
          Map.entry("restart ", "service-failed"),
          Map.entry("systemctl daemon-reload", "service-failed"));

  private ReasonClass() {}

  public static String of(FailureRecord r) {
    return switch (r.phase()) {
      case REBOOT -> "reboot-failed";
      case POST_ACTION -> "post-action-failed";
      case FINALIZE -> "finalize-failed";
      case HEALTH_CHECK -> "health-check-failed";
      case RECOVERY -> "interrupted";
      case COMMIT -> "commit-failed";
      case PREPARE ->
          STEPS.stream()
              .filter(e -> r.step().startsWith(e.getKey()))
              .map(Map.Entry::getValue)
              .findFirst()
              .orElse("prepare-failed");
    };
  }
}
