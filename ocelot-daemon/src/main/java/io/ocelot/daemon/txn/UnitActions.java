package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.Systemd;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writing and removing systemd units as MCO does: dropins, mask, contents (disabling an enabled
 * unit before overwriting it, so no enablement link leaks), then enable / disable / preset, then a
 * daemon-reload.
 */
final class UnitActions {
  private static final String DEV_NULL = "/dev/null";
  private static final int UNIT_MODE = 0644;

  private UnitActions() {}

  static String unitPath(String unit) {
    return Systemd.UNIT_DIR + "/" + unit;
  }

  static String dropinPath(String unit, String dropin) {
    return Systemd.UNIT_DIR + "/" + unit + ".d/" + dropin;
  }

  /** Restorations in undo order: links off, files back, enablement back, reload. */
  static List<Restoration> restorations(HostContext host, String unit, Set<String> paths)
      throws HostException {
    List<Restoration> out = new ArrayList<>();
    out.add(new Restoration.DisableUnit(unit));
    for (String path : paths) {
      out.add(FileActions.restorationOf(host.files(), path));
    }
    out.add(new Restoration.RestoreEnablement(unit, host.systemd().isEnabled(unit)));
    out.add(
        new Restoration.RemoveNewEmptyDirs(Systemd.UNIT_DIR, host.files().list(Systemd.UNIT_DIR)));
    out.add(new Restoration.ReloadSystemd());
    return out;
  }

  static Action write(UnitEntry unit, Optional<UnitEntry> previous) {
    return Action.of(
        Category.UNIT,
        "write unit " + unit.name(),
        (host, owned) -> {
          Set<String> paths = new LinkedHashSet<>();
          paths.add(unitPath(unit.name()));
          for (UnitEntry.Dropin d : unit.dropins()) {
            paths.add(dropinPath(unit.name(), d.name()));
          }
          previous.ifPresent(
              p -> p.dropins().forEach(d -> paths.add(dropinPath(unit.name(), d.name()))));
          return Action.Prepared.of(
              restorations(host, unit.name(), paths),
              Optional.empty(),
              () -> apply(host, unit, previous));
        });
  }

  private static void apply(HostContext host, UnitEntry unit, Optional<UnitEntry> previous)
      throws HostException {
    String path = unitPath(unit.name());
    for (UnitEntry.Dropin d : unit.dropins()) {
      String dp = dropinPath(unit.name(), d.name());
      if (d.contents().orElse("").isEmpty()) {
        host.files().delete(dp);
      } else {
        host.files().write(dp, Bytes.utf8(d.contents().get()), UNIT_MODE, 0, 0);
      }
    }
    for (UnitEntry.Dropin old : previous.map(UnitEntry::dropins).orElse(List.of())) {
      if (unit.dropins().stream().noneMatch(d -> d.name().equals(old.name()))) {
        host.files().delete(dropinPath(unit.name(), old.name()));
      }
    }
    if (unit.mask()) {
      host.files().symlink(path, DEV_NULL);
    } else if (unit.contents().isPresent()) {
      if (host.systemd().isEnabled(unit.name()) == Systemd.Enablement.ENABLED) {
        host.systemd().disable(List.of(unit.name()));
      }
      host.files().write(path, Bytes.utf8(unit.contents().get()), UNIT_MODE, 0, 0);
    } else if (isMask(host, path) || previous.flatMap(UnitEntry::contents).isPresent()) {
      // Unmasked, or the config no longer provides the unit's contents.
      host.files().delete(path);
    }
    if (!unit.mask()) {
      if (unit.enabled().isEmpty()) {
        host.systemd().preset(unit.name());
      } else if (unit.enabled().get()) {
        host.systemd().enable(List.of(unit.name()));
      } else {
        host.systemd().disable(List.of(unit.name()));
      }
    }
    host.systemd().daemonReload();
  }

  private static boolean isMask(HostContext host, String path) throws HostException {
    return host.files().stat(path).equals(Optional.of(new FileState.Symlink(DEV_NULL)));
  }

  static Action remove(UnitEntry previous) {
    return Action.of(
        Category.UNIT,
        "remove unit " + previous.name(),
        (host, owned) -> {
          Set<String> paths = new LinkedHashSet<>();
          boolean ownsFile = previous.contents().isPresent() || previous.mask();
          if (ownsFile) {
            paths.add(unitPath(previous.name()));
          }
          previous.dropins().forEach(d -> paths.add(dropinPath(previous.name(), d.name())));
          // As for files: what the image ships in /usr/etc comes back instead of going.
          Map<String, Optional<FileState>> image = new LinkedHashMap<>();
          for (String p : paths) {
            image.put(p, FileActions.imageDefault(host.files(), p));
          }
          return Action.Prepared.of(
              restorations(host, previous.name(), paths),
              Optional.empty(),
              () -> {
                if (ownsFile
                    && host.systemd().isEnabled(previous.name()) == Systemd.Enablement.ENABLED) {
                  host.systemd().disable(List.of(previous.name()));
                }
                for (Map.Entry<String, Optional<FileState>> p : image.entrySet()) {
                  if (p.getValue().isPresent()) {
                    host.files().restore(p.getKey(), p.getValue());
                  } else {
                    host.files().delete(p.getKey());
                  }
                }
                host.systemd().daemonReload();
                // The image's own unit (or the one just restored) is back to what the image's
                // presets say, as MCO presets removed units: enablement a config asked for — or
                // switched off with its override — does not outlive the config.
                if (stillProvided(host, previous.name())) {
                  host.systemd().preset(previous.name());
                }
              });
        });
  }

  /** Whether a unit file for {@code unit} (or its template) is left in the image or in /etc. */
  private static boolean stillProvided(HostContext host, String unit) throws HostException {
    int at = unit.indexOf('@');
    int dot = unit.lastIndexOf('.');
    List<String> names = new ArrayList<>(List.of(unit));
    if (at > 0 && dot > at + 1) {
      names.add(unit.substring(0, at + 1) + unit.substring(dot));
    }
    for (String name : names) {
      for (String dir : List.of(Systemd.UNIT_DIR, Systemd.VENDOR_UNIT_DIR)) {
        if (host.files().stat(dir + "/" + name).isPresent()) {
          return true;
        }
      }
    }
    return false;
  }
}
