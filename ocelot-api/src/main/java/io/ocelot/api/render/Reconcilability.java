package io.ocelot.api.render;

import io.ocelot.api.ignition.FileEntry;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.RefusedSections;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.api.ignition.User;
import io.ocelot.api.model.MachineConfigSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * MCO's reconcilability rules (its {@code isConfigReconcilable}), with its exact messages. Unlike
 * MCO, every reason is returned, not only the first. Ocelot also refuses a LUKS section added or
 * changed, which MCO silently ignores although the daemon cannot apply it; removing one is fine.
 */
public final class Reconcilability {
  public static final String FORCE_FILE = "/run/machine-config-daemon-force";

  /** The node agent's own state (commit marker, journal, lock): no config may write there. */
  public static final String ENGINE_STATE_DIR = "/var/lib/ocelot";

  /** Where a config's units and their dropins are written. */
  public static final String UNIT_DIR = "/etc/systemd/system";

  public static final String FIPS_CHANGE =
      "detected change to FIPS flag; refusing to modify FIPS on a running cluster";

  private static final Map<String, String> SECTION_MESSAGES =
      Map.of(
          RefusedSections.KERNEL_ARGUMENTS, "ignition kargs section contains changes",
          RefusedSections.DISKS, "ignition disks section contains changes",
          RefusedSections.FILESYSTEMS, "ignition filesystems section contains changes",
          RefusedSections.RAID, "ignition raid section contains changes",
          RefusedSections.DIRECTORIES, "ignition directories section contains changes",
          RefusedSections.LUKS, "ignition luks section contains changes");

  private static final List<String> SECTION_ORDER =
      List.of(
          RefusedSections.KERNEL_ARGUMENTS,
          RefusedSections.DISKS,
          RefusedSections.FILESYSTEMS,
          RefusedSections.RAID,
          RefusedSections.DIRECTORIES);

  private Reconcilability() {}

  /** The overridden sections that change from {@code old} to {@code now}: what a node skips. */
  public static List<String> skipped(
      IgnitionConfig old, IgnitionConfig now, Set<String> overridden) {
    return SECTION_ORDER.stream()
        .filter(overridden::contains)
        .filter(section -> old.refused().differs(now.refused(), section))
        .toList();
  }

  /** Every reason the change from {@code old} to {@code now} cannot be applied; empty if it can. */
  public static List<String> reasons(
      IgnitionConfig old,
      MachineConfigSpec oldSpec,
      IgnitionConfig now,
      MachineConfigSpec nowSpec,
      Optional<Boolean> nodeFips) {
    return reasons(old, oldSpec, now, nowSpec, nodeFips, Set.of());
  }

  /**
   * The same, except for changes to the {@code overridden} sections (MachineConfiguration's {@code
   * irreconcilableValidationOverrides}: {@code storage.disks}, ...), which existing nodes skip.
   */
  public static List<String> reasons(
      IgnitionConfig old,
      MachineConfigSpec oldSpec,
      IgnitionConfig now,
      MachineConfigSpec nowSpec,
      Optional<Boolean> nodeFips,
      Set<String> overridden) {
    List<String> reasons = new ArrayList<>();
    passwd(old, now, reasons);
    for (String section : SECTION_ORDER) {
      if (!overridden.contains(section) && old.refused().differs(now.refused(), section)) {
        reasons.add(SECTION_MESSAGES.get(section));
      }
    }
    if (old.refused().differs(now.refused(), RefusedSections.LINKS)
        && now.refused().section(RefusedSections.LINKS).isPresent()) {
      reasons.add("ignition links section contains changes");
    }
    // MCO accepts any LUKS change and does nothing with it; Ocelot refuses only one that leaves a
    // LUKS section in place (an admin would expect a volume the node never creates). Taking the
    // section out needs no action, as MCO's LuksClevisTang case says.
    if (old.refused().differs(now.refused(), RefusedSections.LUKS)
        && now.refused().section(RefusedSections.LUKS).isPresent()) {
      reasons.add(SECTION_MESSAGES.get(RefusedSections.LUKS));
    }
    for (FileEntry f : now.files()) {
      if (f.hasAppend()) {
        reasons.add("ignition file " + f.path() + " includes append");
      }
      if (f.path().equals(FORCE_FILE)) {
        reasons.add("cannot create " + FORCE_FILE + " via Ignition");
      }
    }
    reasons.addAll(neverValid(now));
    // As MCO: when the node's FIPS mode is known it stands in for the current config's flag.
    boolean fipsChanges = nodeFips.orElse(oldSpec.fipsEnabled()) != nowSpec.fipsEnabled();
    if (fipsChanges) {
      reasons.add(FIPS_CHANGE);
    }
    return reasons;
  }

  /** The files the password step rewrites (usermod): a config may not also write them whole. */
  public static final List<String> PASSWORD_FILES = List.of("/etc/shadow", "/etc/passwd");

  /**
   * Ocelot's own: configs the node could apply but never validate after the boot, so that the
   * update could never finish. A file in the engine's state directory is overwritten by the engine
   * (or overwrites its marker); a file at a path its own unit or dropin also writes holds one of
   * the two contents, and the check against the other fails for ever; so does a shadow file written
   * beside a password hash (usermod rewrites it); and a file cannot also be a directory of another
   * file. Public: {@code ocelot validate} refuses these too.
   */
  public static List<String> neverValid(IgnitionConfig now) {
    List<String> reasons = new ArrayList<>();
    Map<String, String> unitFiles = new java.util.HashMap<>();
    for (UnitEntry u : now.units()) {
      String path = UNIT_DIR + "/" + u.name();
      if (u.mask()) {
        unitFiles.put(path, "masks unit " + u.name() + " there");
      } else if (u.contents().filter(c -> !c.isEmpty()).isPresent()) {
        unitFiles.put(path, "writes unit " + u.name() + " there");
      }
      for (UnitEntry.Dropin d : u.dropins()) {
        if (d.contents().filter(c -> !c.isEmpty()).isPresent()) {
          unitFiles.put(
              path + ".d/" + d.name(),
              "writes dropin " + d.name() + " of unit " + u.name() + " there");
        }
      }
    }
    Map<String, String> firstBelow = firstFileBelow(now);
    for (FileEntry f : now.files()) {
      if (f.path().startsWith(ENGINE_STATE_DIR + "/")) {
        reasons.add(
            "ignition file "
                + f.path()
                + " is in "
                + ENGINE_STATE_DIR
                + ", the node agent's own state; no config may write there");
      }
      if (PASSWORD_FILES.contains(f.path()) && setsPasswordHash(now)) {
        reasons.add(
            "ignition file "
                + f.path()
                + " collides with passwd.users' passwordHash, which rewrites it; set the"
                + " password with passwordHash alone");
      }
      String below = firstBelow.get(f.path());
      if (below != null) {
        reasons.add(
            "ignition file "
                + below
                + " is below ignition file "
                + f.path()
                + "; a path cannot be both a file and a directory");
      }
      String unit = unitFiles.get(f.path());
      if (unit != null) {
        reasons.add(
            "ignition file "
                + f.path()
                + " collides with the systemd section, which "
                + unit
                + "; the node could never validate both");
      }
    }
    return reasons;
  }

  private static boolean setsPasswordHash(IgnitionConfig c) {
    return c.passwd().users().stream().anyMatch(u -> u.passwordHash().isPresent());
  }

  /**
   * Each directory the config's files need, mapped to the first file below it: one pass over the
   * paths' ancestors, so that a config of many files is checked in linear time.
   */
  private static Map<String, String> firstFileBelow(IgnitionConfig c) {
    Map<String, String> out = new java.util.HashMap<>();
    for (FileEntry f : c.files()) {
      String path = f.path();
      for (int slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
        out.putIfAbsent(path.substring(0, slash), path);
      }
    }
    return out;
  }

  private static void passwd(IgnitionConfig old, IgnitionConfig now, List<String> reasons) {
    if (old.passwd().equals(now.passwd())) {
      return;
    }
    if (!old.passwd().groups().equals(now.passwd().groups())) {
      reasons.add("ignition Passwd Groups section contains changes");
    }
    List<User> users = now.passwd().users();
    if (users.isEmpty()) {
      return; // Removing users never removes them: reconcilable.
    }
    if (users.stream().anyMatch(u -> !u.name().equals(User.CORE))) {
      reasons.add("ignition passwd user section contains unsupported changes: non-core user");
    }
    User last = users.get(users.size() - 1);
    boolean coreWithCredentials =
        last.name().equals(User.CORE)
            && (last.passwordHash().isPresent() || !last.sshAuthorizedKeys().isEmpty());
    if (!coreWithCredentials) {
      reasons.add(
          "ignition passwd user section contains unsupported changes: user must be core and have"
              + " 1 or more sshKeys");
    } else if (!last.otherFields().isEmpty()) {
      reasons.add("SSH keys and password hash are not reconcilable");
    }
  }
}
