package io.ocelot.daemon.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * The kernel arguments to delete and append, planned against the deployment's real arguments rather
 * than the two configs alone: an argument is deleted only where it is present, and appended only
 * where the deployment does not already carry it (after the deletions) as often as the desired
 * config lists it. A retry, or a host whose arguments already match, changes nothing; nothing is
 * ever appended twice ({@code a=1 quiet a=1 quiet}), so a later delete leaves nothing stale.
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
    List<String> remaining = new ArrayList<>(real);
    List<String> delete = new ArrayList<>();
    for (String arg : from) {
      int countTo = count(to, arg);
      int countFrom = count(from, arg);
      // An argument both configs list stays as often as the desired one lists it.
      if (countFrom > countTo
          && count(delete, arg) < countFrom - countTo
          && remaining.remove(arg)) {
        delete.add(arg);
      }
    }
    List<String> append = new ArrayList<>();
    for (String arg : to) {
      if (count(remaining, arg) + count(append, arg) < count(to, arg)) {
        append.add(arg);
      }
    }
    return new KernelArgumentChange(delete, append);
  }

  public boolean isEmpty() {
    return delete.isEmpty() && append.isEmpty();
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
