package io.ocelot.api.ignition;

import java.util.List;

/** The outcome of parsing an Ignition config: a valid config (maybe with warnings) or problems. */
public sealed interface IgnitionResult permits IgnitionResult.Valid, IgnitionResult.Invalid {

  /** Every problem found, errors and warnings, in document order. */
  List<Problem> problems();

  /** A config that parsed and validated; {@code problems} holds warnings only. */
  record Valid(IgnitionConfig config, List<Problem> problems) implements IgnitionResult {
    public Valid {
      problems = List.copyOf(problems);
    }
  }

  /** A config with at least one error; nothing of it may be applied. */
  record Invalid(List<Problem> problems) implements IgnitionResult {
    public Invalid {
      problems = List.copyOf(problems);
    }

    public List<Problem> errors() {
      return problems.stream().filter(Problem::isError).toList();
    }
  }
}
