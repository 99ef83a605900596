package io.ocelot.controller.pool;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.PinnedSets;
import io.ocelot.controller.support.NodeUpdates;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks a pool's nodes to pin its sets: {@link NodeAnnotations#PINNED_IMAGE_SETS} on each member
 * whose value differs (the daemon watches only its Node, so the ask costs no informer on pools and
 * sets in each of thousands of daemons). A write that fails is logged and tried on the next pass.
 */
final class PinnedAsks {
  private static final Logger LOG = LoggerFactory.getLogger(PinnedAsks.class);

  private final NodeUpdates updates;

  PinnedAsks(NodeUpdates updates) {
    this.updates = updates;
  }

  /** Writes {@code asked} on the members that do not carry it; {@code written} hears each write. */
  void ask(List<Node> members, PinnedSets asked, BiConsumer<Node, Node> written) {
    Optional<String> value = asked.value();
    for (Node n : members) {
      Map<String, String> a =
          Optional.ofNullable(n.getMetadata().getAnnotations()).orElse(Map.of());
      if (Objects.equals(a.get(NodeAnnotations.PINNED_IMAGE_SETS), value.orElse(null))) {
        continue;
      }
      try {
        Node after =
            updates.update(
                n,
                copy -> {
                  Map<String, String> next =
                      new HashMap<>(
                          Optional.ofNullable(copy.getMetadata().getAnnotations())
                              .orElse(Map.of()));
                  String before =
                      value.isPresent()
                          ? next.put(NodeAnnotations.PINNED_IMAGE_SETS, value.get())
                          : next.remove(NodeAnnotations.PINNED_IMAGE_SETS);
                  copy.getMetadata().setAnnotations(next);
                  return !Objects.equals(before, value.orElse(null));
                });
        written.accept(after, n);
      } catch (KubernetesClientException e) {
        LOG.warn(
            "node {}: cannot ask for pinned image sets {}: {}",
            n.getMetadata().getName(),
            value.orElse("(none)"),
            e.getMessage());
      }
    }
  }
}
