package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Ignition's checks across one disk's partitions (disk.go): numbers that collide, labels used
 * twice, explicitly placed partitions that overlap. Each names the partition Ignition names. Spec
 * 2.2 places partitions by sector ({@code start}, {@code size}), 3.x by MiB.
 */
final class Partitions {
  /** A problem at the partition of index {@code index}. */
  record Collision(int index, String message) {}

  private Partitions() {}

  /** Spec 3.x: numbers, overlaps (by MiB; a partition without both is not placed), labels. */
  static List<Collision> v3(List<JsonNode> partitions) {
    List<Collision> out = new ArrayList<>();
    numbersCollide(partitions)
        .ifPresent(i -> out.add(new Collision(i, "partition numbers collide")));
    overlap(partitions, "startMiB", "sizeMiB", false)
        .ifPresent(i -> out.add(new Collision(i, "partitions overlap")));
    labelsCollide(partitions)
        .ifPresent(i -> out.add(new Collision(i, "cannot use the same partition label twice")));
    return out;
  }

  /** Spec 2.2: numbers and overlaps (by sector; a missing size is 0, "fill the rest"). */
  static List<Collision> v2(List<JsonNode> partitions) {
    List<Collision> out = new ArrayList<>();
    numbersCollide(partitions)
        .ifPresent(i -> out.add(new Collision(i, "partition numbers collide")));
    overlap(partitions, "start", "size", true)
        .ifPresent(i -> out.add(new Collision(i, "partitions overlap")));
    return out;
  }

  /** The second partition of the first number used twice (number 0 means "next free"). */
  private static Optional<Integer> numbersCollide(List<JsonNode> partitions) {
    Map<Integer, Integer> first = new HashMap<>();
    for (int i = 0; i < partitions.size(); i++) {
      int n = partitions.get(i).path("number").asInt(0);
      if (n != 0 && first.putIfAbsent(n, i) != null) {
        return Optional.of(i);
      }
    }
    return Optional.empty();
  }

  /** The first partition whose label an earlier one has. */
  private static Optional<Integer> labelsCollide(List<JsonNode> partitions) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < partitions.size(); i++) {
      JsonNode label = partitions.get(i).path("label");
      if (label.isTextual() && !seen.add(label.asText())) {
        return Optional.of(i);
      }
    }
    return Optional.empty();
  }

  /**
   * As Ignition walks them: for each partition with a start other than 0 (0 is "the largest free
   * block", unknown without the disk), the first other partition it starts in, ends in or spans. A
   * size of 0 is "fill the rest": such a partition ends where it starts. Extents are read once, so
   * the pairwise walk costs comparisons of numbers (10,000 partitions: well under a second).
   */
  private static Optional<Integer> overlap(
      List<JsonNode> partitions, String start, String size, boolean sizeOptional) {
    int n = partitions.size();
    boolean[] placed = new boolean[n];
    long[] starts = new long[n];
    long[] ends = new long[n];
    for (int i = 0; i < n; i++) {
      JsonNode p = partitions.get(i);
      placed[i] = placed(p, start, size, sizeOptional);
      starts[i] = p.path(start).asLong();
      long length = p.path(size).asLong();
      ends[i] = length == 0 ? starts[i] : starts[i] + length - 1;
    }
    for (int j = 0; j < n; j++) {
      if (!placed[j]) {
        continue;
      }
      for (int i = 0; i < n; i++) {
        long ps = starts[j];
        long pe = ends[j];
        long os = starts[i];
        long oe = ends[i];
        boolean hit = (ps >= os && ps <= oe) || (pe >= os && pe <= oe) || (ps < os && pe > oe);
        // Go compares the partitions as values: an identical twin is "the same" partition.
        if (placed[i] && hit && !partitions.get(i).equals(partitions.get(j))) {
          return Optional.of(i);
        }
      }
    }
    return Optional.empty();
  }

  private static boolean placed(JsonNode p, String start, String size, boolean sizeOptional) {
    return p.path(start).isIntegralNumber()
        && (p.path(size).isIntegralNumber() || (sizeOptional && p.path(size).isMissingNode()))
        && p.path(start).asLong() != 0;
  }
}
