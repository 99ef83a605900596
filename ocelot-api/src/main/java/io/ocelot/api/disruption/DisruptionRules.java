package io.ocelot.api.disruption;

import io.ocelot.api.ignition.FileEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * MCO's legacy rules for how disruptive a change is, used when the cluster has no node disruption
 * policy: OS image, kernel arguments, FIPS, units, kernel type and extensions reboot; SSH keys and
 * the password hash do not; each changed file is judged by its path.
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
    List<Disruption.Reason> reasons = new ArrayList<>(rebootItems(diff, forceFile));
    for (Change<?> unit : diff.unitChanges()) {
      reasons.add(DisruptionCause.UNITS.reason("unit " + unit.key()));
    }
    for (Change<FileEntry> file : diff.fileChanges()) {
      reasons.add(forChange(file));
    }
    if (diff.sshKeys()) {
      reasons.add(DisruptionCause.SSH_KEYS.reason("SSH keys of core"));
    }
    if (diff.passwordHash()) {
      reasons.add(DisruptionCause.PASSWORD_HASH.reason("password of core"));
    }
    return Disruption.of(reasons, Disruption.Rules.LEGACY);
  }

  /**
   * The items that reboot whatever the rules: the force file, the OS image, kernel arguments, FIPS,
   * kernel type and extensions (a node disruption policy cannot change these either).
   */
  public static List<Disruption.Reason> rebootItems(ConfigDiff diff, boolean forceFile) {
    List<Disruption.Reason> reasons = new ArrayList<>();
    if (forceFile) {
      reasons.add(DisruptionCause.FORCE_FILE.reason("force file"));
    }
    if (diff.osUpdate() && !forceFile) {
      reasons.add(DisruptionCause.OS_IMAGE.reason("OS image"));
    }
    if (diff.kargs()) {
      reasons.add(DisruptionCause.KERNEL_ARGUMENTS.reason("kernel arguments"));
    }
    if (diff.fips()) {
      reasons.add(DisruptionCause.FIPS.reason("FIPS"));
    }
    if (diff.kernelType()) {
      reasons.add(DisruptionCause.KERNEL_TYPE.reason("kernel type"));
    }
    if (diff.extensions()) {
      reasons.add(DisruptionCause.EXTENSIONS.reason("extensions"));
    }
    return reasons;
  }

  /**
   * A changed file by its path, and registries.conf by what changed in it: MCO drains for crio's
   * files only when registries.conf changed in a way that is not safe ({@link RegistryChanges}).
   */
  static Disruption.Reason forChange(Change<FileEntry> file) {
    String item = "file " + file.key();
    if (!file.key().equals(RegistryChanges.PATH)) {
      return forFile(file.key()).reason(item);
    }
    DisruptionCause unsafe = DisruptionCause.FILE_REGISTRIES_UNSAFE;
    return RegistryChanges.unsafe(file)
        .map(why -> new Disruption.Reason(item, unsafe.actions(), unsafe.note() + ": " + why))
        .orElseGet(() -> DisruptionCause.FILE_RELOAD_CRIO.reason(item));
  }

  public static DisruptionCause forFile(String path) {
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
