package io.ocelot.daemon.plan;

import io.ocelot.api.disruption.ServiceAction;
import io.ocelot.api.ignition.FileEntry;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.api.node.DrainRequest;
import java.util.List;
import java.util.Optional;

/**
 * One prepare step of an update, in the order of design §3: drain, stage the OS image, kernel and
 * extensions, files, units, SSH keys, password hash, kernel arguments, revert-from-OCL artifacts,
 * and for a rebootless update its service actions. Each carries what it needs to apply; the engine
 * observes the host's pre-image to undo it.
 */
public sealed interface Step {

  /** One line a person reads, e.g. {@code write file /etc/chrony.conf}. */
  String summary();

  /** Ask the controller to cordon and drain the node, and wait for its ack. */
  record RequestDrain(DrainRequest request) implements Step {
    @Override
    public String summary() {
      return "request drain (" + request.value() + ")";
    }
  }

  /** Ensure a deployment of {@code image} is staged (or already booted). */
  record StageImage(String image) implements Step {
    @Override
    public String summary() {
      return "stage OS image " + image;
    }
  }

  /** Switch the kernel of the staged deployment (non-layered nodes only). */
  record SwitchKernel(String from, String to) implements Step {
    @Override
    public String summary() {
      return "switch kernel " + from + " -> " + to;
    }
  }

  /** Install and remove extensions in the staged deployment (non-layered nodes only). */
  record UpdateExtensions(List<String> from, List<String> to) implements Step {
    public UpdateExtensions {
      from = List.copyOf(from);
      to = List.copyOf(to);
    }

    @Override
    public String summary() {
      return "set extensions " + from + " -> " + to;
    }
  }

  /** Write a file (contents, mode, owner); {@code previous} is what the old config had. */
  record WriteFile(FileEntry file, Optional<FileEntry> previous) implements Step {
    @Override
    public String summary() {
      return (previous.isPresent() ? "update file " : "create file ")
          + file.path()
          + " ("
          + file.modeOctal()
          + " "
          + file.user().describe()
          + ":"
          + file.group().describe()
          + ", "
          + file.contents().size()
          + " bytes)";
    }
  }

  /** Remove a file the old config wrote and the new one no longer has. */
  record RemoveFile(FileEntry previous) implements Step {
    @Override
    public String summary() {
      return "remove file " + previous.path();
    }
  }

  /** Write a unit (contents, dropins, mask, enablement). */
  record WriteUnit(UnitEntry unit, Optional<UnitEntry> previous) implements Step {
    @Override
    public String summary() {
      StringBuilder b =
          new StringBuilder(previous.isPresent() ? "update unit " : "create unit ")
              .append(unit.name());
      List<String> parts = new java.util.ArrayList<>();
      unit.contents().ifPresent(c -> parts.add("contents"));
      if (!unit.dropins().isEmpty()) {
        parts.add(unit.dropins().size() + " dropin" + (unit.dropins().size() == 1 ? "" : "s"));
      }
      if (unit.mask()) {
        parts.add("masked");
      }
      unit.enabled().ifPresent(e -> parts.add(e ? "enabled" : "disabled"));
      return parts.isEmpty()
          ? b.toString()
          : b.append(" (").append(String.join(", ", parts)).append(")").toString();
    }
  }

  /** Remove a unit (and its dropins) the old config wrote and the new one no longer has. */
  record RemoveUnit(UnitEntry previous) implements Step {
    @Override
    public String summary() {
      return "remove unit " + previous.name();
    }
  }

  /** Replace the SSH keys of {@code core}. */
  record WriteSshKeys(List<String> keys, List<String> previous) implements Step {
    public WriteSshKeys {
      keys = List.copyOf(keys);
      previous = List.copyOf(previous);
    }

    @Override
    public String summary() {
      return "write SSH keys of core (" + keys.size() + " key" + (keys.size() == 1 ? ")" : "s)");
    }
  }

  /** Set the password hash of {@code core}; empty locks the password. */
  record SetPasswordHash(Optional<String> hash, Optional<String> previous) implements Step {
    @Override
    public String summary() {
      return hash.isPresent() ? "set password hash of core" : "lock password of core";
    }
  }

  /** Replace the kernel arguments: delete every old one, then append every new one (MCO). */
  record SetKernelArguments(List<String> delete, List<String> append) implements Step {
    public SetKernelArguments {
      delete = List.copyOf(delete);
      append = List.copyOf(append);
    }

    @Override
    public String summary() {
      return "set kernel arguments (delete " + delete + ", append " + append + ")";
    }
  }

  /**
   * A rebootless post-config action (reload or restart a service, daemon-reload), run once the
   * change is on disk. Its undo runs it again once the rest is restored, so that the service reads
   * the old files again.
   */
  record RunService(ServiceAction action) implements Step {
    @Override
    public String summary() {
      return action.summary();
    }
  }

  /**
   * Save the config a reverted node must re-apply on its first boot into the base image, and enable
   * the unit that does it (files owned by the layered image disappear with it).
   */
  record WriteRevertArtifacts(String configName) implements Step {
    @Override
    public String summary() {
      return "write revert-from-layering artifacts for " + configName;
    }
  }
}
