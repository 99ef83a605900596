package io.ocelot.api.model;

/**
 * The condition types of a MachineConfigNode, with upstream's names, in the order an update passes
 * through them. Parents ({@link #UPDATE_PREPARED}, {@link #UPDATE_EXECUTED}, ...) summarize a
 * phase; their children say which part of it happened.
 */
public enum McnConditionType {
  /**
   * Ocelot's: the node waits to start because another holder has its reboot lease (kured, a
   * FleetLock client); True names the holder.
   */
  REBOOT_LEASE_HELD("RebootLeaseHeld"),
  UPDATE_PREPARED("UpdatePrepared"),
  UPDATE_COMPATIBLE("UpdateCompatible"),
  UPDATE_EXECUTED("UpdateExecuted"),
  CORDONED("Cordoned"),
  DRAINED("Drained"),
  APPLIED_FILES_AND_OS("AppliedFilesAndOS"),
  IMAGE_PULLED_FROM_REGISTRY("ImagePulledFromRegistry"),
  APPLIED_OS_IMAGE("AppliedOSImage"),
  APPLIED_FILES("AppliedFiles"),
  UPDATE_POST_ACTION_COMPLETE("UpdatePostActionComplete"),
  REBOOTED_NODE("RebootedNode"),
  RELOADED_CRIO("ReloadedCRIO"),
  UPDATE_COMPLETE("UpdateComplete"),
  UNCORDONED("Uncordoned"),
  RESUMED("Resumed"),
  UPDATED("Updated"),
  NODE_DEGRADED("NodeDegraded"),
  /** The node pulls the images of its pool's pinned image sets. */
  PINNED_IMAGE_SETS_PROGRESSING("PinnedImageSetsProgressing"),
  /** The node could not pull or pin its pool's pinned images; the sets' entries say why. */
  PINNED_IMAGE_SETS_DEGRADED("PinnedImageSetsDegraded");

  private final String type;

  McnConditionType(String type) {
    this.type = type;
  }

  /** The {@code type} string in the object. */
  public String type() {
    return type;
  }
}
