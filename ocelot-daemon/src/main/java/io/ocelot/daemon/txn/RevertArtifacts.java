package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.Bytes;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.Systemd;
import io.ocelot.runtime.OcelotVersion;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * What a node reverting from layering needs on its first boot into the base image: the config it
 * must re-apply (files that came with the layered image go away with it) and the unit that
 * re-applies it. Both are transaction steps: a failed update removes them again.
 */
final class RevertArtifacts {
  static final String CONFIG = "/etc/mco/machineconfig-revert.json";
  static final String UNIT = "machine-config-daemon-revert.service";

  /**
   * Ocelot's CLI image (the controller's) of the daemon's own version, which carries {@code ocelot
   * host firstboot}; the daemon's own image carries only the daemon.
   */
  static final String IMAGE = OcelotVersion.cliImage();

  private RevertArtifacts() {}

  static String unitContents() {
    return "[Unit]\n"
        + "Description=Machine Config Daemon Revert\n"
        + "ConditionPathExists=/run/ostree-booted\n"
        + "ConditionPathExists="
        + CONFIG
        + "\n"
        + "After=network.target\n"
        + "Before=kubelet.service\n"
        + "\n"
        + "[Service]\n"
        + "Type=oneshot\n"
        + "RemainAfterExit=yes\n"
        + "ExecStart=/usr/bin/podman run --rm --privileged --net=host -v /:/rootfs "
        + IMAGE
        + " host firstboot --root /rootfs --config /rootfs"
        + CONFIG
        + "\n"
        + "\n"
        + "[Install]\n"
        + "RequiredBy=multi-user.target\n";
  }

  static Action write(String configName, Bytes machineConfigJson) {
    return Action.of(
        Category.REVERT_ARTIFACTS,
        "write revert-from-layering artifacts for " + configName,
        (host, owned) ->
            Action.Prepared.of(
                UnitActions.restorations(
                    host, UNIT, new LinkedHashSet<>(List.of(CONFIG, UnitActions.unitPath(UNIT)))),
                Optional.empty(),
                () -> {
                  host.files().write(CONFIG, machineConfigJson, 0644, 0, 0);
                  host.files()
                      .write(UnitActions.unitPath(UNIT), Bytes.utf8(unitContents()), 0644, 0, 0);
                  host.systemd().enable(List.of(UNIT));
                  host.systemd().daemonReload();
                }));
  }

  /** Removes the artifacts once the reverted node has booted and validated. */
  static void remove(HostContext host) throws HostException {
    if (host.systemd().isEnabled(UNIT) == Systemd.Enablement.ENABLED) {
      host.systemd().disable(List.of(UNIT));
    }
    host.files().delete(UnitActions.unitPath(UNIT));
    host.files().delete(CONFIG);
  }
}
