package io.ocelot.daemon.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * The kernel arguments to delete and append, planned against the deployment's real arguments rather
 * than the two configs alone. Order matters to the kernel ({@code hugepagesz=1G hugepages=4
 * hugepagesz=2M hugepages=6} sizes two pools; the last {@code console=} is the primary console),
 * and rpm-ostree only deletes and appends: so the arguments both configs list in the same leading
 * order stay where they are, and from the first difference on the old ones are deleted and the new
 * ones appended in the desired order, as MCO's {@code generateKargs} does for all of them. The kept
 * part shrinks until every deleted argument is deleted wholly, so no delete can hit a kept twin. A
 * deployment that already ends with the desired arguments and carries no old one beyond them needs
 * nothing: a retry, or the check after the change, plans no call; one that ends with their start
 * (the base's {@code quiet}) gets only the rest. (An argument the base image carries as well as the
 * old config is deleted with it, as MCO's delete-if-present does.)
 */
public record KernelArgumentChange(List<String> delete, List<String> append) {
  public KernelArgumentChange {
    delete = List.copyOf(delete);
    append = List.copyOf(append);
  }

  /**
   * Moves a deployment with {@code real} arguments from the {@code from} config's to {@code to}'s.
   */
  public static KernelArgumentChange of(List<String> from, List<String> to, List<String> real) {
    if (endsWith(real, to) && !carriesOld(from, to, real)) {
      return new KernelArgumentChange(List.of(), List.of());
    }
    int kept = 0;
    while (kept < from.size() && kept < to.size() && from.get(kept).equals(to.get(kept))) {
      kept++;
    }
    while (kept > 0 && ambiguous(from.subList(kept, from.size()), real)) {
      kept--;
    }
    List<String> tail = from.subList(kept, from.size());
    List<String> delete = new ArrayList<>();
    for (String arg : tail) {
      if (count(delete, arg) < count(real, arg)) {
        delete.add(arg);
      }
    }
    List<String> append = to.subList(kept, to.size());
    if (delete.isEmpty()) {
      // What the deployment already ends with (the base's "quiet" the config lists first) is
      // not appended twice: only the rest follows it, in order.
      append = append.subList(overlap(real, append), append.size());
    }
    return new KernelArgumentChange(delete, append);
  }

  /** The longest start of {@code append} that {@code real} already ends with. */
  private static int overlap(List<String> real, List<String> append) {
    for (int n = Math.min(real.size(), append.size()); n > 0; n--) {
      if (endsWith(real, append.subList(0, n))) {
        return n;
      }
    }
    return 0;
  }

  public boolean isEmpty() {
    return delete.isEmpty() && append.isEmpty();
  }

  /** An argument of the old config the deployment carries more often than the new one lists it. */
  private static boolean carriesOld(List<String> from, List<String> to, List<String> real) {
    for (String arg : from) {
      if (count(real, arg) > count(to, arg)) {
        return true;
      }
    }
    return false;
  }

  /** A deleted argument the deployment carries more often than the deletions remove. */
  private static boolean ambiguous(List<String> tail, List<String> real) {
    for (String arg : tail) {
      if (count(real, arg) > count(tail, arg)) {
        return true;
      }
    }
    return false;
  }

  private static boolean endsWith(List<String> list, List<String> suffix) {
    int offset = list.size() - suffix.size();
    return offset >= 0 && list.subList(offset, list.size()).equals(suffix);
  }

  private static int count(List<String> list, String arg) {
    int n = 0;
    for (String s : list) {
      if (s.equals(arg)) {
        n++;
      }
    }
    return n;
  }
}
