package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.daemon.host.HostException;
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
    IgnitionResult r = IgnitionParser.parse(current.getSpec().getConfig());
    if (!(r instanceof IgnitionResult.Valid valid)) {
      return List.of("its Ignition config does not parse: " + r.problems());
    }
    return OnDiskValidator.problems(valid.config(), host.files());
  }
}
