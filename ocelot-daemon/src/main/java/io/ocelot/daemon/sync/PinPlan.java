package io.ocelot.daemon.sync;

import io.ocelot.api.model.McnPinnedImageSet;
import io.ocelot.api.node.PinnedSets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What the daemon does about its pool's pinned image sets (pure): when to pin, what the crio
 * drop-in says, whether the storage suffices, and the entries its MachineConfigNode reports.
 */
final class PinPlan {
  /** A failed pin is tried again after this, as long as the ask stays the same. */
  static final Duration RETRY = Duration.ofSeconds(30);

  /** What must stay free on the node after the pulls: MCO's MinFreeStorageAfterPrefetch. */
  static final long MIN_FREE_BYTES = 16L << 30;

  /** CRI-O's drop-in that pins the images, MCO's path. */
  static final String DROP_IN = "/etc/crio/crio.conf.d/50-pinned-images";

  private PinPlan() {}

  /**
   * The outcome of the last pin for {@code asked}, and the node's ephemeral storage then (a failure
   * is tried again at once when it changes: the disk was freed or grown).
   */
  record Outcome(PinnedSets asked, boolean ok, Instant at, Optional<Long> storage) {}

  sealed interface Decision {}

  /** Nothing to do: the ask is answered. */
  record Nothing() implements Decision {}

  /** The last pin of this ask failed and its retry is not due yet (the failure asked for it). */
  record Wait() implements Decision {}

  /** The pool has no sets any more: remove the drop-in. */
  record Unpin() implements Decision {}

  /** Pull and pin what {@code asked} names. */
  record Pin(PinnedSets asked) implements Decision {}

  /**
   * {@code pinnedOnDisk}: whether the drop-in is there (a restarted daemon knows no outcome);
   * {@code storage}: the node's ephemeral storage now.
   */
  static Decision decide(
      PinnedSets asked,
      Optional<Outcome> last,
      boolean pinnedOnDisk,
      Optional<Long> storage,
      Instant now) {
    if (asked.isEmpty()) {
      boolean hadSets = last.map(o -> !o.asked().isEmpty()).orElse(false);
      return hadSets || pinnedOnDisk ? new Unpin() : new Nothing();
    }
    if (last.isPresent() && last.get().asked().equals(asked)) {
      if (last.get().ok()) {
        return new Nothing();
      }
      Duration left = Duration.between(now, last.get().at().plus(RETRY));
      if (!left.isNegative() && !left.isZero() && last.get().storage().equals(storage)) {
        return new Wait();
      }
    }
    return new Pin(asked);
  }

  /** The images of the sets, each once, in order (the drop-in's list). */
  static List<String> images(Map<String, List<String>> imagesBySet) {
    SortedSet<String> all = new TreeSet<>();
    imagesBySet.values().forEach(l -> l.stream().map(String::strip).forEach(all::add));
    all.remove("");
    return List.copyOf(all);
  }

  /** The drop-in, as MCO's TOML encoder writes it. */
  static String dropIn(List<String> images) {
    return "[crio]\n  [crio.image]\n    pinned_images = ["
        + images.stream().map(i -> "\"" + i + "\"").collect(Collectors.joining(", "))
        + "]\n";
  }

  /**
   * Why the node cannot take the images (empty: it can): {@code capacity} is the Node's allocatable
   * ephemeral storage, {@code required} what the missing images take unpacked (twice their
   * compressed size, as MCO counts).
   */
  static Optional<String> storageProblem(
      Optional<Long> capacity, long required, int missing, String node) {
    if (capacity.isEmpty()) {
      return Optional.of("node " + node + " has no ephemeral storage capacity");
    }
    long c = capacity.get();
    if (c < MIN_FREE_BYTES) {
      return Optional.of(
          "storage available is less than minimum required capacity: "
              + c
              + ", required: "
              + MIN_FREE_BYTES);
    }
    if (required >= c - MIN_FREE_BYTES) {
      return Optional.of(
          "storage available is less than minimum required: pulling "
              + missing
              + (missing == 1 ? " image" : " images")
              + " needs "
              + required
              + " bytes and "
              + MIN_FREE_BYTES
              + " must stay free, of the node's "
              + c
              + " bytes of ephemeral storage; nothing was pulled");
    }
    return Optional.empty();
  }

  /**
   * The MachineConfigNode's entries after a pin of {@code generations} (name → the set's
   * generation): pinned ones current, a failure recorded on each with {@code error}; what {@code
   * before} said of a set is kept where the schema allows (no generation above the desired one).
   */
  static List<McnPinnedImageSet> entries(
      Map<String, Long> generations,
      List<McnPinnedImageSet> before,
      boolean pinned,
      Optional<String> error) {
    List<McnPinnedImageSet> out = new ArrayList<>();
    for (Map.Entry<String, Long> e : new java.util.TreeMap<>(generations).entrySet()) {
      long g = e.getValue();
      Optional<McnPinnedImageSet> old =
          before.stream().filter(b -> b.getName().equals(e.getKey())).findFirst();
      Long current =
          pinned ? Long.valueOf(g) : old.map(McnPinnedImageSet::getCurrentGeneration).orElse(null);
      Long failed = old.map(McnPinnedImageSet::getLastFailedGeneration).orElse(null);
      String why = old.map(McnPinnedImageSet::getLastFailedGenerationError).orElse(null);
      if (error.isPresent()) {
        failed = g;
        why = error.get();
      }
      out.add(
          new McnPinnedImageSet(
              e.getKey(),
              current != null && current <= g ? current : null,
              g,
              failed != null && failed <= g ? failed : null,
              failed != null && failed <= g ? why : null));
    }
    return out;
  }
}
