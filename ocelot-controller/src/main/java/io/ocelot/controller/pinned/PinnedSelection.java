package io.ocelot.controller.pinned;

import io.ocelot.api.kube.LabelSelectors;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.PinnedImageSet;
import io.ocelot.api.model.PinnedImageSetRef;
import io.ocelot.api.node.PinnedSets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which pinned image sets a pool pins, as MCO's pinned image set controller decides it: the sets
 * whose labels its {@code machineConfigSelector} matches (an empty selector matches none), by name.
 */
public final class PinnedSelection {
  /** The pools that are no custom pool: their nodes pin their own sets only. */
  private static final Set<String> BUILT_IN = Set.of("master", "worker", "arbiter");

  private PinnedSelection() {}

  /** The names of the sets {@code pool} selects, in order. */
  public static List<String> selected(MachineConfigPool pool, Collection<PinnedImageSet> sets) {
    if (LabelSelectors.isEmpty(pool.getSpec().getMachineConfigSelector())) {
      return List.of();
    }
    return sets.stream()
        .filter(
            s ->
                LabelSelectors.matches(
                    pool.getSpec().getMachineConfigSelector(), s.getMetadata().getLabels()))
        .map(s -> s.getMetadata().getName())
        .sorted()
        .toList();
  }

  /**
   * Makes {@code pool}'s {@code spec.pinnedImageSets} the sets it selects; whether that changed the
   * spec (the pass then writes it).
   */
  public static boolean adopt(MachineConfigPool pool, Collection<PinnedImageSet> sets) {
    List<String> wanted = selected(pool, sets);
    List<String> now =
        pool.getSpec().getPinnedImageSets().stream().map(PinnedImageSetRef::getName).toList();
    if (wanted.equals(now)) {
      return false;
    }
    pool.getSpec()
        .setPinnedImageSets(
            wanted.stream()
                .map(
                    n -> {
                      PinnedImageSetRef r = new PinnedImageSetRef();
                      r.setName(n);
                      return r;
                    })
                .collect(Collectors.toList()));
    return true;
  }

  /**
   * What the pool's nodes are asked to pin: each set the pool names that exists, at its generation;
   * for a custom pool also the worker pool's sets, as upstream's daemon pins the sets of every pool
   * a node is in (its custom pool and worker).
   */
  public static PinnedSets asked(
      MachineConfigPool pool, Optional<MachineConfigPool> worker, Collection<PinnedImageSet> sets) {
    Map<String, PinnedImageSet> byName =
        sets.stream()
            .collect(
                Collectors.toMap(s -> s.getMetadata().getName(), Function.identity(), (a, b) -> a));
    List<PinnedImageSetRef> refs = new ArrayList<>(pool.getSpec().getPinnedImageSets());
    if (!BUILT_IN.contains(pool.getMetadata().getName())) {
      worker.ifPresent(w -> refs.addAll(w.getSpec().getPinnedImageSets()));
    }
    Map<String, Long> out = new HashMap<>();
    for (PinnedImageSetRef ref : refs) {
      PinnedImageSet s = byName.get(ref.getName());
      if (s != null) {
        out.put(ref.getName(), s.generation());
      }
    }
    return PinnedSets.of(out);
  }
}
