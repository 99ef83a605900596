package io.ocelot.daemon.plan;

import io.ocelot.api.ignition.FileEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * MCO's legacy rules for how disruptive a change is: OS image, kernel arguments, FIPS, units,
 * kernel type and extensions reboot; SSH keys and the password hash do not; each changed file is
 * judged by its path. The most disruptive item decides.
 */
public final class DisruptionRules {
  private static final Set<String> NO_DISRUPTION_FILES =
      Set.of("/etc/kubernetes/kubelet-ca.crt", "/var/lib/kubelet/config.json");
  private static final String NO_DISRUPTION_DIR = "/etc/nmstate/openshift/";
  private static final Set<String> RELOAD_CRIO_FILES =
      Set.of(
          "/etc/containers/registries.conf",
          "/etc/containers/policy.json",
          "/etc/machine-config-daemon/no-reboot/containers-gpg.pub");
  private static final String RELOAD_CRIO_DIR = "/etc/containers/registries.d/";
  private static final String USER_CA_BUNDLE =
      "/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt";

  private DisruptionRules() {}

  public static Disruption of(ConfigDiff diff, boolean forceFile) {
    List<Disruption.Reason> reasons = new ArrayList<>();
    if (forceFile) {
      reasons.add(new Disruption.Reason("force file", DisruptionCause.FORCE_FILE));
    }
    if (diff.osUpdate() && !forceFile) {
      reasons.add(new Disruption.Reason("OS image", DisruptionCause.OS_IMAGE));
    }
    if (diff.kargs()) {
      reasons.add(new Disruption.Reason("kernel arguments", DisruptionCause.KERNEL_ARGUMENTS));
    }
    if (diff.fips()) {
      reasons.add(new Disruption.Reason("FIPS", DisruptionCause.FIPS));
    }
    for (Change<?> unit : diff.unitChanges()) {
      reasons.add(new Disruption.Reason("unit " + unit.key(), DisruptionCause.UNITS));
    }
    if (diff.kernelType()) {
      reasons.add(new Disruption.Reason("kernel type", DisruptionCause.KERNEL_TYPE));
    }
    if (diff.extensions()) {
      reasons.add(new Disruption.Reason("extensions", DisruptionCause.EXTENSIONS));
    }
    for (Change<FileEntry> file : diff.fileChanges()) {
      reasons.add(new Disruption.Reason("file " + file.key(), forFile(file.key())));
    }
    if (diff.sshKeys()) {
      reasons.add(new Disruption.Reason("SSH keys of core", DisruptionCause.SSH_KEYS));
    }
    if (diff.passwordHash()) {
      reasons.add(new Disruption.Reason("password of core", DisruptionCause.PASSWORD_HASH));
    }
    PostAction action =
        reasons.stream().map(r -> r.cause().action()).reduce(PostAction.NONE, PostAction::max);
    return new Disruption(action, reasons);
  }

  static DisruptionCause forFile(String path) {
    if (NO_DISRUPTION_FILES.contains(path) || path.startsWith(NO_DISRUPTION_DIR)) {
      return DisruptionCause.FILE_NO_DISRUPTION;
    }
    if (RELOAD_CRIO_FILES.contains(path) || path.startsWith(RELOAD_CRIO_DIR)) {
      return DisruptionCause.FILE_RELOAD_CRIO;
    }
    if (path.equals(USER_CA_BUNDLE)) {
      return DisruptionCause.FILE_RESTART_CRIO;
    }
    return DisruptionCause.FILE_NEEDS_REBOOT;
  }
}
