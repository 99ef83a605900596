package io.ocelot.controller.imagebuild;

import io.fabric8.kubernetes.api.model.Condition;
import io.ocelot.api.model.MachineOSBuildStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A MachineOSBuild's conditions (pure): exactly one of Prepared, Building, Succeeded, Failed and
 * Interrupted is True at a time; transition times are kept for the ones that do not change.
 */
public final class BuildConditions {
  public static final String PREPARED = "Prepared";
  public static final String BUILDING = "Building";
  public static final String SUCCEEDED = "Succeeded";
  public static final String FAILED = "Failed";
  public static final String INTERRUPTED = "Interrupted";
  static final List<String> TYPES = List.of(PREPARED, BUILDING, SUCCEEDED, FAILED, INTERRUPTED);

  private BuildConditions() {}

  /** Sets {@code type} True (with reason and message) and every other type False. */
  public static void set(MachineOSBuildStatus s, String type, String message, String now) {
    List<Condition> next = new ArrayList<>();
    for (String t : TYPES) {
      boolean on = t.equals(type);
      String status = on ? "True" : "False";
      Optional<Condition> old = find(s, t);
      String since =
          old.filter(c -> status.equals(c.getStatus()))
              .map(Condition::getLastTransitionTime)
              .orElse(now);
      next.add(new Condition(since, on ? message : "", null, on ? t : "", status, t));
    }
    s.setConditions(next);
  }

  public static boolean is(MachineOSBuildStatus s, String type) {
    return s != null && find(s, type).map(c -> "True".equals(c.getStatus())).orElse(false);
  }

  public static boolean finished(MachineOSBuildStatus s) {
    return is(s, SUCCEEDED) || is(s, FAILED) || is(s, INTERRUPTED);
  }

  public static Optional<String> message(MachineOSBuildStatus s, String type) {
    return s == null ? Optional.empty() : find(s, type).map(Condition::getMessage);
  }

  private static Optional<Condition> find(MachineOSBuildStatus s, String type) {
    return s.getConditions() == null
        ? Optional.empty()
        : s.getConditions().stream().filter(c -> type.equals(c.getType())).findFirst();
  }
}
