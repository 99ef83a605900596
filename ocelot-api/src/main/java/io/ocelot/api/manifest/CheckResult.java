package io.ocelot.api.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.ocelot.api.ignition.Problem;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of checking one object: its problems (errors and warnings) and, when there are no
 * errors, the typed object.
 */
public record CheckResult<T extends HasMetadata>(
    String kind, String name, List<Problem> problems, Optional<T> object) {

  public CheckResult {
    problems = List.copyOf(problems);
  }

  public boolean isValid() {
    return problems.stream().noneMatch(Problem::isError);
  }

  public List<Problem> errors() {
    return problems.stream().filter(Problem::isError).toList();
  }
}
