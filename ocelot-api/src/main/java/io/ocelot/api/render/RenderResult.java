package io.ocelot.api.render;

import io.fabric8.kubernetes.api.model.ObjectReference;
import io.ocelot.api.ignition.Problem;
import io.ocelot.api.model.MachineConfig;
import java.util.List;

/** A rendered MachineConfig with the configs it came from, or why rendering failed. */
public sealed interface RenderResult permits RenderResult.Rendered, RenderResult.Failed {

  /**
   * The rendered config, its sources in merge order (for {@code spec.configuration.source}) and
   * warnings found on the way.
   */
  record Rendered(MachineConfig config, List<ObjectReference> sources, List<String> warnings)
      implements RenderResult {
    public Rendered {
      sources = List.copyOf(sources);
      warnings = List.copyOf(warnings);
    }
  }

  /**
   * Rendering failed. {@code message} names the offending MachineConfig and every problem; the
   * controller wraps it into the pool's {@code RenderDegraded} condition.
   */
  record Failed(String message, List<Problem> problems) implements RenderResult {
    public Failed {
      problems = List.copyOf(problems);
    }
  }
}
