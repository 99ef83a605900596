package io.ocelot.controller.mcn;

import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigNodeSpec;
import io.ocelot.api.model.McoObjectReference;
import io.ocelot.api.node.NodeAnnotations;
import java.util.Map;
import java.util.Optional;

/**
 * The spec a node's MachineConfigNode must have (pure): its primary pool, the config and image the
 * controller targeted it to (its {@code desiredConfig} / {@code desiredImage} annotations), or
 * upstream's {@code not-yet-set} before the first target.
 */
public final class McnSpecs {
  private McnSpecs() {}

  /** What to do about one node's MachineConfigNode. */
  public sealed interface Action {}

  public record Create(MachineConfigNodeSpec spec) implements Action {}

  public record Update(MachineConfigNodeSpec spec) implements Action {}

  /** The node is in no pool: its MachineConfigNode is a stray. */
  public record Delete() implements Action {}

  public record Keep() implements Action {}

  public static MachineConfigNodeSpec spec(
      String node, String pool, Optional<String> desiredConfig, Optional<String> desiredImage) {
    MachineConfigNodeSpec spec = new MachineConfigNodeSpec();
    spec.setNode(new McoObjectReference(node));
    spec.setPool(new McoObjectReference(pool));
    spec.setConfigVersion(
        new MachineConfigNodeSpec.DesiredVersion(
            desiredConfig.filter(c -> !c.isEmpty()).orElse(MachineConfigNode.NOT_YET_SET)));
    desiredImage
        .filter(i -> !i.isEmpty())
        .ifPresent(i -> spec.setConfigImage(new MachineConfigNodeSpec.DesiredImage(i)));
    return spec;
  }

  /**
   * Decides from the node's name, its annotations and primary pool (if any) and its existing
   * MachineConfigNode's spec (if any).
   */
  public static Action decide(
      String node,
      Map<String, String> annotations,
      Optional<String> pool,
      Optional<MachineConfigNodeSpec> existing) {
    if (pool.isEmpty()) {
      return existing.isPresent() ? new Delete() : new Keep();
    }
    MachineConfigNodeSpec wanted =
        spec(
            node,
            pool.get(),
            Optional.ofNullable(annotations.get(NodeAnnotations.DESIRED_CONFIG)),
            Optional.ofNullable(annotations.get(NodeAnnotations.DESIRED_IMAGE)));
    if (existing.isEmpty()) {
      return new Create(wanted);
    }
    return existing.get().equals(wanted) ? new Keep() : new Update(wanted);
  }
}
