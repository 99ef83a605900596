package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostFiles;
import java.util.List;

/**
 * The check before an update: is the host on the config it is said to be on? Planning from a config
 * the host does not carry would write the wrong pre-images into the plan and end, after the reboot,
 * in a validation failure naming a file the host never had. The rules and messages are the finalize
 * validation's (MCO's).
 */
public final class Preflight {
  private Preflight() {}

  /** Every difference between the host and {@code current}'s files and units; empty when none. */
  public static List<String> differences(HostContext host, MachineConfig current)
      throws HostException {
    return differences(host, IgnitionParser.parse(current.getSpec().getConfig()));
  }

  /** The same for a config parsed already ({@code current}'s Ignition config). */
  public static List<String> differences(HostContext host, IgnitionResult r) throws HostException {
    if (!(r instanceof IgnitionResult.Valid valid)) {
      return List.of("its Ignition config does not parse: " + r.problems());
    }
    return OnDiskValidator.problems(valid.config(), host.files());
  }

  /** MCO's words for a difference: {@code unexpected on-disk state validating against R: …}. */
  public static String message(String config, String difference) {
    return "unexpected on-disk state validating against " + config + ": " + difference;
  }

  /** The same for a config already parsed. */
  public static List<String> differences(HostFiles files, IgnitionConfig config)
      throws HostException {
    return OnDiskValidator.problems(config, files);
  }

  /**
   * Every host path {@code config} owns: its files, its units' files and their non-empty dropins
   * (what the drift monitor watches).
   */
  public static List<String> ownedPaths(IgnitionConfig config) {
    List<String> out = new java.util.ArrayList<>();
    config.files().forEach(f -> out.add(f.path()));
    for (io.ocelot.api.ignition.UnitEntry u : config.units()) {
      out.add(UnitActions.unitPath(u.name()));
      u.dropins().forEach(d -> out.add(UnitActions.dropinPath(u.name(), d.name())));
    }
    return out;
  }
}
