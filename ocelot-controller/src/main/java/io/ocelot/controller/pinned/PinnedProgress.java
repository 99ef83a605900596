package io.ocelot.controller.pinned;

import io.fabric8.kubernetes.api.model.Condition;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.McnConditionType;
import io.ocelot.api.model.McnPinnedImageSet;
import io.ocelot.api.node.PinnedSets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How far a pool's nodes are with its pinned image sets, from their MachineConfigNodes (pure). A
 * node is up to date when it reports every set it is asked for pinned at the asked generation
 * (upstream counts a node that reports nothing yet as updated, so a new set showed done before any
 * pull began); degraded when its {@code PinnedImageSetsDegraded} is True, with the failed sets'
 * errors.
 */
public record PinnedProgress(long machines, long updated, List<String> degraded) {
  public PinnedProgress {
    degraded = List.copyOf(degraded);
  }

  /** {@code mcns}: the members' MachineConfigNodes by node name (a member may have none yet). */
  public static PinnedProgress of(
      List<String> members, Map<String, MachineConfigNode> mcns, PinnedSets asked) {
    long updated = 0;
    List<String> degraded = new ArrayList<>();
    for (String node : members) {
      Optional<MachineConfigNode> mcn = Optional.ofNullable(mcns.get(node));
      List<McnPinnedImageSet> sets =
          mcn.map(MachineConfigNode::getStatus).map(s -> s.getPinnedImageSets()).orElse(List.of());
      if (upToDate(sets, asked)) {
        updated++;
      }
      if (mcn.map(PinnedProgress::degraded).orElse(false)) {
        degraded.add(describe(node, sets));
      }
    }
    return new PinnedProgress(members.size(), updated, degraded);
  }

  private static boolean upToDate(List<McnPinnedImageSet> sets, PinnedSets asked) {
    for (Map.Entry<String, Long> e : asked.generations().entrySet()) {
      boolean pinned =
          sets.stream()
              .anyMatch(
                  s ->
                      s.getName().equals(e.getKey())
                          && e.getValue().equals(s.getCurrentGeneration()));
      if (!pinned) {
        return false;
      }
    }
    return true;
  }

  private static boolean degraded(MachineConfigNode mcn) {
    if (mcn.getStatus() == null) {
      return false;
    }
    return mcn.getStatus().getConditions().stream()
        .filter(c -> McnConditionType.PINNED_IMAGE_SETS_DEGRADED.type().equals(c.getType()))
        .map(Condition::getStatus)
        .anyMatch("True"::equals);
  }

  private static String describe(String node, List<McnPinnedImageSet> sets) {
    List<String> failed = new ArrayList<>();
    for (McnPinnedImageSet s : sets) {
      if (s.getLastFailedGeneration() != null
          && s.getLastFailedGeneration().equals(s.getDesiredGeneration())) {
        failed.add(
            s.getName()
                + " (generation "
                + s.getLastFailedGeneration()
                + "): "
                + Optional.ofNullable(s.getLastFailedGenerationError()).orElse(""));
      }
    }
    return "Node "
        + node
        + (failed.isEmpty()
            ? " reports PinnedImageSetsDegraded; see its MachineConfigNode"
            : " cannot pin " + String.join("; ", failed));
  }
}
