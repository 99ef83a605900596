package io.ocelot.daemon.host;

import java.util.List;

/** The host's OS deployments: rpm-ostree or bootc, chosen by probing the host. */
public interface OsImages {

  /** Which tool this is, for messages ({@code rpm-ostree} or {@code bootc}). */
  String tool();

  HostStatus status() throws HostException;

  /** Stages a deployment of {@code image} for the next boot. */
  void stage(String image) throws HostException;

  /**
   * Pulls {@code image} into the host's image store without deploying it (no staged deployment:
   * nothing changes what the next boot runs), so that staging it later needs no pull. Fails with
   * the tool's words, or when the tool cannot download without staging.
   */
  void download(String image) throws HostException;

  /** Discards the staged deployment, leaving booted and rollback as they are. */
  void discardStaged() throws HostException;

  /**
   * Makes the next boot use the rollback deployment ({@code rpm-ostree rollback}, {@code bootc
   * rollback}: a reorder of the boot entries, not a reverse apply). Nothing when it already does,
   * so a restarted daemon can repeat it.
   */
  void queueRollback() throws HostException;

  /** Deletes the rollback deployment. */
  void cleanupRollback() throws HostException;

  /** Kernel arguments of the deployment the next boot uses (the staged one, else booted). */
  List<String> kernelArguments() throws HostException;

  /** Deletes then appends kernel arguments, in a (new) staged deployment. */
  void changeKernelArguments(List<String> delete, List<String> append) throws HostException;

  /** Switches the kernel type ({@code default}, {@code realtime}, {@code 64k-pages}). */
  void switchKernel(String from, String to) throws HostException;

  /** Installs and removes packages (extensions) in a staged deployment. */
  void changePackages(List<String> remove, List<String> install) throws HostException;
}
