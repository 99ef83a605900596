package io.ocelot.controller.members;

import io.ocelot.api.kube.LabelSelectors;
import io.ocelot.api.model.MachineConfigPool;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which pool a node belongs to when several select it (MCO's primary pool, pure): {@code master}
 * wins; otherwise a single custom pool wins over {@code worker} (an infra node keeps its worker
 * label); a node in two custom pools belongs to none, so that no two pools fight over it.
 */
public final class PoolMembership {
  public static final String MASTER = "master";
  public static final String WORKER = "worker";

  private PoolMembership() {}

  /** The primary pool, or why there is none. */
  public sealed interface Result permits Member, NoPool, Ambiguous {}

  public record Member(String pool) implements Result {}

  public record NoPool() implements Result {}

  /** Selected by more than one custom pool: reported, never targeted. */
  public record Ambiguous(List<String> pools) implements Result {}

  public static Result of(Map<String, String> nodeLabels, List<MachineConfigPool> pools) {
    List<String> matching =
        pools.stream()
            .filter(p -> !LabelSelectors.isEmpty(p.getSpec().getNodeSelector()))
            .filter(p -> LabelSelectors.matches(p.getSpec().getNodeSelector(), nodeLabels))
            .map(p -> p.getMetadata().getName())
            .sorted()
            .toList();
    if (matching.contains(MASTER)) {
      return new Member(MASTER);
    }
    List<String> custom = matching.stream().filter(p -> !p.equals(WORKER)).toList();
    if (custom.size() > 1) {
      return new Ambiguous(custom);
    }
    if (custom.size() == 1) {
      return new Member(custom.get(0));
    }
    return matching.isEmpty() ? new NoPool() : new Member(WORKER);
  }

  /** MCO's words for a node two custom pools claim, with the pools named. */
  public static String conflict(String node, Ambiguous a) {
    return "node "
        + node
        + " belongs to "
        + a.pools().size()
        + " custom roles ("
        + String.join(", ", a.pools())
        + "), cannot proceed with this Node";
  }

  public static Optional<String> primary(
      Map<String, String> nodeLabels, List<MachineConfigPool> pools) {
    return of(nodeLabels, pools) instanceof Member m ? Optional.of(m.pool()) : Optional.empty();
  }
}
