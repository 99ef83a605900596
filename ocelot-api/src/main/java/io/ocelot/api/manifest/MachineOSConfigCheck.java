package io.ocelot.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.ignition.Problem;
import io.ocelot.api.model.MachineOSConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Validates a MachineOSConfig object: the fields a build needs. */
public final class MachineOSConfigCheck {
  private static final Set<String> ARCHES = Set.of("ARM64", "AMD64", "PPC64LE", "S390X", "NoArch");

  private MachineOSConfigCheck() {}

  public static CheckResult<MachineOSConfig> check(JsonNode obj) {
    List<Problem> problems = new ArrayList<>();
    ObjectRules.check(obj, "MachineOSConfig", problems);
    JsonNode spec = obj.path("spec");
    required(spec, "machineConfigPool", "name", problems);
    required(spec, "renderedImagePushSecret", "name", problems);
    if (spec.path("renderedImagePushSpec").asText("").isEmpty()) {
      problems.add(Problem.error("spec.renderedImagePushSpec", "missing"));
    }
    String builder = spec.path("imageBuilder").path("imageBuilderType").asText("Job");
    if (!builder.equals("Job")) {
      problems.add(
          Problem.error(
              "spec.imageBuilder.imageBuilderType", "must be Job, got \"" + builder + "\""));
    }
    JsonNode files = spec.path("containerFile");
    for (int i = 0; i < files.size(); i++) {
      String at = "spec.containerFile[" + i + "]";
      String arch = files.get(i).path("containerfileArch").asText("NoArch");
      if (!ARCHES.contains(arch)) {
        problems.add(
            Problem.error(
                at + ".containerfileArch",
                "must be one of ARM64, AMD64, PPC64LE, S390X, NoArch, got \"" + arch + "\""));
      }
      if (files.get(i).path("content").asText("").isBlank()) {
        problems.add(Problem.error(at + ".content", "missing"));
      }
    }
    String name = obj.path("metadata").path("name").asText("");
    return new CheckResult<>(
        "MachineOSConfig", name, problems, ObjectRules.bind(obj, MachineOSConfig.class, problems));
  }

  private static void required(JsonNode spec, String ref, String field, List<Problem> problems) {
    if (spec.path(ref).path(field).asText("").isEmpty()) {
      problems.add(Problem.error("spec." + ref + "." + field, "missing"));
    }
  }
}
