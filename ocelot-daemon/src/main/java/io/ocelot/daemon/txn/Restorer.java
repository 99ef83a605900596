package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostStatus;
import io.ocelot.daemon.host.Systemd;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Applies restorations to the host and checks each result against the journalled pre-image. */
final class Restorer {
  private final HostContext host;

  /**
   * Units disabled on the way back, with their enablement before: a unit step's undo disables the
   * unit (its new links off) and then restores the old enablement, and only the two together say
   * whether anything changed — a unit enabled before and after was not changed by going back.
   */
  private final Map<String, Systemd.Enablement> disabledFrom = new HashMap<>();

  Restorer(HostContext host) {
    this.host = host;
  }

  /**
   * Applies one restoration and verifies it. Returns true when it changed something, false when the
   * host already matched; throws when it failed or the result does not match.
   */
  boolean restore(Restoration r) throws HostException {
    if (r instanceof Restoration.RestoreFile f) {
      return restoreFile(f);
    }
    if (r instanceof Restoration.RemoveNewEmptyDirs d) {
      return removeNewEmptyDirs(d);
    }
    if (r instanceof Restoration.DisableUnit d) {
      return disable(d.unit());
    }
    if (r instanceof Restoration.RestoreEnablement e) {
      return restoreEnablement(e);
    }
    if (r instanceof Restoration.RestorePasswordHash p) {
      return restorePassword(p);
    }
    if (r instanceof Restoration.DiscardStaged) {
      return discardStaged();
    }
    if (r instanceof Restoration.RerunService s) {
      if (s.unit().isEmpty()) {
        host.systemd().daemonReload();
      } else {
        host.systemd().serviceAction(s.verb(), s.unit());
      }
      return true;
    }
    host.systemd().daemonReload();
    return false;
  }

  private boolean restoreFile(Restoration.RestoreFile f) throws HostException {
    Optional<FileState> now = host.files().stat(f.path());
    boolean changed = !now.equals(f.before());
    if (changed) {
      host.files().restore(f.path(), f.before());
    }
    List<String> dirs = new ArrayList<>(f.createdDirs());
    java.util.Collections.reverse(dirs);
    for (String dir : dirs) {
      if (host.files().stat(dir).isPresent()) {
        host.files().removeEmptyDirectory(dir);
        changed = true;
      }
    }
    Optional<FileState> after = host.files().stat(f.path());
    if (!after.equals(f.before())) {
      throw new HostException(
          "restoring "
              + f.path()
              + " did not bring back its previous state: "
              + describe(after)
              + " instead of "
              + describe(f.before()));
    }
    return changed;
  }

  private boolean removeNewEmptyDirs(Restoration.RemoveNewEmptyDirs d) throws HostException {
    boolean changed = false;
    for (String name : host.files().list(d.dir())) {
      String path = d.dir() + "/" + name;
      if (!d.before().contains(name)
          && host.files().stat(path).orElse(null) instanceof FileState.Directory
          && host.files().list(path).isEmpty()) {
        host.files().removeEmptyDirectory(path);
        changed = true;
      }
    }
    return changed;
  }

  private boolean disable(String unit) throws HostException {
    Systemd.Enablement before = host.systemd().isEnabled(unit);
    disabledFrom.put(unit, before);
    if (before != Systemd.Enablement.ENABLED) {
      return false;
    }
    host.systemd().disable(List.of(unit));
    return false; // whether this changed anything, the enablement's restoration tells
  }

  private boolean restoreEnablement(Restoration.RestoreEnablement e) throws HostException {
    Systemd systemd = host.systemd();
    boolean enabledNow = systemd.isEnabled(e.unit()) == Systemd.Enablement.ENABLED;
    Optional<Systemd.Enablement> beforeDisable = Optional.ofNullable(disabledFrom.remove(e.unit()));
    boolean wasEnabled = beforeDisable.map(b -> b == Systemd.Enablement.ENABLED).orElse(enabledNow);
    if (e.before() == Systemd.Enablement.ENABLED) {
      if (!enabledNow) {
        systemd.enable(List.of(e.unit()));
      }
      expect(e, systemd.isEnabled(e.unit()) == Systemd.Enablement.ENABLED);
      return !wasEnabled;
    }
    if (enabledNow) {
      systemd.disable(List.of(e.unit()));
    }
    expect(e, systemd.isEnabled(e.unit()) != Systemd.Enablement.ENABLED);
    return wasEnabled;
  }

  private static void expect(Restoration.RestoreEnablement e, boolean ok) throws HostException {
    if (!ok) {
      throw new HostException(
          "restoring the enablement of " + e.unit() + " did not give " + e.before());
    }
  }

  private boolean restorePassword(Restoration.RestorePasswordHash p) throws HostException {
    Optional<String> now = host.users().passwordHash(p.user());
    if (now.equals(Optional.of(p.before()))) {
      return false;
    }
    host.users().setPasswordHash(p.user(), p.before());
    Optional<String> after = host.users().passwordHash(p.user());
    if (!after.equals(Optional.of(p.before()))) {
      throw new HostException("restoring the password hash of " + p.user() + " did not take");
    }
    return true;
  }

  private boolean discardStaged() throws HostException {
    HostStatus status = host.images().status();
    if (status.staged().isEmpty()) {
      return false;
    }
    host.images().discardStaged();
    HostStatus after = host.images().status();
    if (after.staged().isPresent()) {
      throw new HostException(
          "discarding the staged deployment left " + after.staged().get().image() + " staged");
    }
    return true;
  }

  private static String describe(Optional<FileState> s) {
    if (s.isEmpty()) {
      return "absent";
    }
    FileState f = s.get();
    if (f instanceof FileState.Regular r) {
      return String.format(
          "a file of %d bytes, mode %04o, owner %d:%d",
          r.contents().size(), r.mode(), r.uid(), r.gid());
    }
    if (f instanceof FileState.Symlink l) {
      return "a symlink to " + l.target();
    }
    return "a directory";
  }
}
