package io.ocelot.console;

import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigNodeSpec;
import io.ocelot.api.model.McoObjectReference;

/**
 * A MachineConfigNode spec as the controller writes one (the console cannot use the controller).
 */
final class McnSpecsForTest {
  private McnSpecsForTest() {}

  static MachineConfigNodeSpec spec(String node, String pool) {
    MachineConfigNodeSpec s = new MachineConfigNodeSpec();
    s.setNode(new McoObjectReference(node));
    s.setPool(new McoObjectReference(pool));
    s.setConfigVersion(new MachineConfigNodeSpec.DesiredVersion(MachineConfigNode.NOT_YET_SET));
    return s;
  }
}
