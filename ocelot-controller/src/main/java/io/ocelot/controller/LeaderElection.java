package io.ocelot.controller;

import java.time.Duration;

/**
 * Leader election through a Lease, so that only one controller replica acts. {@code onLoss} runs
 * when leadership is lost while running (not when the controller is stopped): the process should
 * end, and in a pod its restart makes it a standby. A standby takes over about one lease after the
 * leader stops (JOSDK does not release the lease on stop).
 */
public record LeaderElection(
    String leaseName,
    String namespace,
    Duration lease,
    Duration renewDeadline,
    Duration retryPeriod,
    String identity,
    Runnable onLoss) {

  public static final String LEASE_NAME = "ocelot-controller";

  public static LeaderElection defaults(String namespace, String identity, Runnable onLoss) {
    return new LeaderElection(
        LEASE_NAME,
        namespace,
        Duration.ofSeconds(15),
        Duration.ofSeconds(10),
        Duration.ofSeconds(2),
        identity,
        onLoss);
  }
}
