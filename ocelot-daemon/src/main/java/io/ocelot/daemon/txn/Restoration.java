package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.Systemd;
import java.util.List;
import java.util.Optional;

/**
 * One part of a step's pre-image and how to put it back. A step journals its restorations before it
 * touches the host; undoing the step applies them in order. They are idempotent, so an undo can be
 * repeated after a crash.
 */
public sealed interface Restoration {

  /** A person's words for what the restoration puts back. */
  String describe();

  /** The file (or symlink, or absence) at {@code path}, and no directory the step created. */
  record RestoreFile(String path, Optional<FileState> before, List<String> createdDirs)
      implements Restoration {
    public RestoreFile {
      createdDirs = List.copyOf(createdDirs);
    }

    @Override
    public String describe() {
      return before.isEmpty() ? "remove " + path : "restore " + path;
    }
  }

  /**
   * No enablement links for the unit (run before its files are restored, while the unit file the
   * links were made from still exists).
   */
  record DisableUnit(String unit) implements Restoration {
    @Override
    public String describe() {
      return "disable " + unit;
    }
  }

  /** A unit's enablement as it was (run after its files are restored). */
  record RestoreEnablement(String unit, Systemd.Enablement before) implements Restoration {
    @Override
    public String describe() {
      return "restore enablement of "
          + unit
          + " ("
          + before.name().toLowerCase(java.util.Locale.ROOT)
          + ")";
    }
  }

  /**
   * No new empty directories in {@code dir}: the ones a tool created (systemctl makes {@code
   * *.wants} directories) go again. Directories with contents are left alone.
   */
  record RemoveNewEmptyDirs(String dir, List<String> before) implements Restoration {
    public RemoveNewEmptyDirs {
      before = List.copyOf(before);
    }

    @Override
    public String describe() {
      return "remove new empty directories in " + dir;
    }
  }

  /** A user's password hash as it was. */
  record RestorePasswordHash(String user, String before) implements Restoration {
    @Override
    public String describe() {
      return "restore the password hash of " + user;
    }
  }

  /** No staged deployment: whatever the transaction staged is discarded. */
  record DiscardStaged() implements Restoration {
    @Override
    public String describe() {
      return "discard the staged deployment";
    }
  }

  /**
   * Run a service action again ({@code reload}, {@code restart}, {@code daemon-reload}) once every
   * other step is undone, so that the service reads the restored files: the rollback runs these
   * last, in the order the update ran them.
   */
  record RerunService(String verb, String unit) implements Restoration {
    @Override
    public String describe() {
      return unit.isEmpty() ? "systemctl " + verb + " again" : verb + " " + unit + " again";
    }
  }

  /** Let systemd re-read unit files after they were put back. */
  record ReloadSystemd() implements Restoration {
    @Override
    public String describe() {
      return "reload systemd";
    }
  }
}
