package io.ocelot.sim;

/**
 * A node's daemon run outside the sim's JVM (a container of the daemon's image): the sim's power
 * transitions stop it as the node goes down and start it again as the node comes up, as a kubelet
 * does a DaemonSet pod around a reboot.
 */
public interface ExternalDaemon {
  /** Starts the daemon, logged in with {@code kubeconfig} (a token bound to the node's pod). */
  void start(String kubeconfig) throws SimException;

  /** Stops it; a daemon already gone is no error. */
  void stop();
}
