package io.ocelot.controller.generated;

import java.util.List;

/** What a source config generates for one pool: its files, or why it cannot. */
sealed interface Generation {
  /** The files, in MCO's order. */
  record Files(List<GeneratedFile> files) implements Generation {
    public Files {
      files = List.copyOf(files);
    }
  }

  /** The words after MCO's {@code Error: } in the source's status. */
  record Refused(String why) implements Generation {}
}
