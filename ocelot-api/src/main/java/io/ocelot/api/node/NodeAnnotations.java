package io.ocelot.api.node;

/**
 * Node annotation keys of the MCO protocol (prefix {@code machineconfiguration.openshift.io/}) and
 * Ocelot's own extras (prefix {@code ocelot.io/}).
 */
public final class NodeAnnotations {
  public static final String PREFIX = "machineconfiguration.openshift.io/";
  public static final String OCELOT_PREFIX = "ocelot.io/";

  public static final String CURRENT_CONFIG = PREFIX + "currentConfig";
  public static final String DESIRED_CONFIG = PREFIX + "desiredConfig";
  public static final String CURRENT_IMAGE = PREFIX + "currentImage";
  public static final String DESIRED_IMAGE = PREFIX + "desiredImage";
  public static final String STATE = PREFIX + "state";
  public static final String REASON = PREFIX + "reason";
  public static final String DESIRED_DRAIN = PREFIX + "desiredDrain";
  public static final String LAST_APPLIED_DRAIN = PREFIX + "lastAppliedDrain";
  public static final String POST_CONFIG_ACTION = PREFIX + "post-config-action";
  public static final String CONTROL_PLANE_TOPOLOGY = PREFIX + "controlPlaneTopology";

  /** The failure record of the last failed attempt, as JSON. */
  public static final String LAST_FAILURE = OCELOT_PREFIX + "last-failure";

  /**
   * A target the node will not apply again by itself (its boot there failed), as JSON {@code
   * {config, image, cost, boots, since, why}}; set and removed by the daemon.
   */
  public static final String FAILED_TARGET = OCELOT_PREFIX + "failed-target";

  /**
   * Set by an admin ({@code ocelot rollout retry NODE}, any value): the node's next sync tries its
   * desired target again, held or waiting for its backoff; the daemon removes it.
   */
  public static final String RETRY_REQUESTED = OCELOT_PREFIX + "retry-requested";

  /**
   * Set by the controller while a drain it runs has pods it cannot evict: which, and the
   * PodDisruptionBudgets that refuse them ({@code cannot evict pod ns/p (PodDisruptionBudget
   * ns/b)}); removed once nothing refuses, and when the drain is acknowledged or replaced. The
   * drain blocker as status, not only as an event.
   */
  public static final String DRAIN_BLOCKED = OCELOT_PREFIX + "drain-blocked";

  /** {@link #DRAIN_BLOCKED} never holds more than this many characters. */
  public static final int DRAIN_BLOCKED_MAX_LENGTH = 1024;

  /**
   * Set by the controller on a node waiting for its turn in a rollout whose policy stages ahead:
   * the OS image to pull beforehand (no deployment, no drain, no reboot). Removed when the node is
   * targeted (the same write) or the rollout no longer carries that image.
   */
  public static final String STAGE_AHEAD = OCELOT_PREFIX + "stage-ahead";

  /**
   * Set by the controller on every node of a pool with pinned image sets: each set's name and the
   * generation to pin, {@code name=generation} joined by commas in name order ({@link PinnedSets});
   * removed when the pool has none. The daemon answers on its MachineConfigNode.
   */
  public static final String PINNED_IMAGE_SETS = OCELOT_PREFIX + "pinned-image-sets";

  /**
   * The daemon's answer to {@link #STAGE_AHEAD}: {@code Pulling <image>}, {@code Pulled <image>} or
   * {@code Failed <image>: <why>} ({@link StageAheadStatus}).
   */
  public static final String STAGE_AHEAD_STATUS = OCELOT_PREFIX + "stage-ahead-status";

  /**
   * Set by the controller on a node it would have started but whose reboot lease another holder has
   * ({@code reboot lease reboot-<node> is held by <holder>}); removed once the node is on its way.
   * The daemon shows it on the node's MachineConfigNode ({@code RebootLeaseHeld}).
   */
  public static final String REBOOT_LEASE_HELD = OCELOT_PREFIX + "reboot-lease-held";

  /** The only value of {@link #POST_CONFIG_ACTION} besides empty. */
  public static final String POST_CONFIG_ACTION_REBOOTING = "Rebooting";

  /** {@link #REASON} never holds more than this many characters. */
  public static final int REASON_MAX_LENGTH = 2000;

  private NodeAnnotations() {}
}
