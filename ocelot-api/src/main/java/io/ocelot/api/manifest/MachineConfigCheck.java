package io.ocelot.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.ignition.Problem;
import io.ocelot.api.model.ImageReference;
import io.ocelot.api.model.KernelArgumentRules;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigRules;
import io.ocelot.api.render.Reconcilability;
import io.ocelot.api.text.Printable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Validates a MachineConfig object: its fields, its Ignition config, MCO's extra rules. */
public final class MachineConfigCheck {
  private static final Set<String> SPEC_FIELDS =
      Set.of(
          "config",
          "osImageURL",
          "baseOSExtensionsContainerImage",
          "kernelArguments",
          "kernelType",
          "extensions",
          "fips");

  /** MCO's answer to {@code config: {}}, which Ocelot reads as the empty config. */
  static final String MCO_EMPTY_CONFIG =
      "parsing Ignition config failed: invalid version. Supported spec versions: 2.2, 3.0, 3.1,"
          + " 3.2, 3.3, 3.4, 3.5 (MCO refuses {}; Ocelot reads it as the empty config)";

  private MachineConfigCheck() {}

  /** Ocelot's verdict: every rule, Ocelot's stricter ones included. */
  public static CheckResult<MachineConfig> check(JsonNode obj) {
    return check(obj, false);
  }

  /**
   * MCO's verdict ({@code ocelot validate --strict-mco}): Ocelot's own errors are warnings that say
   * so, and what MCO refuses though Ocelot accepts it is an error.
   */
  public static CheckResult<MachineConfig> checkAsMco(JsonNode obj) {
    return check(obj, true);
  }

  private static CheckResult<MachineConfig> check(JsonNode obj, boolean asMco) {
    List<Problem> problems = new ArrayList<>();
    ObjectRules.check(obj, "MachineConfig", problems);
    JsonNode spec = obj.path("spec");
    if (!spec.isMissingNode() && !spec.isNull() && !spec.isObject()) {
      problems.add(Problem.error("spec", "must be an object"));
    } else if (spec.isObject()) {
      checkSpec(spec, problems);
    }
    String name = obj.path("metadata").path("name").asText("");
    if (asMco) {
      problems.replaceAll(Problem::forMco);
      JsonNode config = spec.path("config");
      if (config.isObject() && config.isEmpty()) {
        problems.add(Problem.error("spec.config", MCO_EMPTY_CONFIG));
      }
    }
    return new CheckResult<>(
        "MachineConfig", name, problems, ObjectRules.bind(obj, MachineConfig.class, problems));
  }

  private static void checkSpec(JsonNode spec, List<Problem> problems) {
    for (Iterator<String> it = spec.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!SPEC_FIELDS.contains(f)) {
        problems.add(Problem.warning("spec." + f, "unknown field (ignored)"));
      }
    }
    IgnitionResult ignition = IgnitionParser.parse(spec.get("config"));
    ignition.problems().forEach(p -> problems.add(p.under("spec.config")));
    IgnitionParser.authoredProblems(spec.get("config"))
        .forEach(p -> problems.add(p.under("spec.config")));
    if (ignition instanceof IgnitionResult.Valid v) {
      // What a node could apply but never validate: refused here too, not only at render.
      Reconcilability.neverValid(v.config())
          .forEach(r -> problems.add(Problem.ocelotError("spec.config", r)));
    }
    if (textField(spec, "osImageURL", problems)) {
      String image = spec.get("osImageURL").asText();
      Optional<String> problem = image.isEmpty() ? Optional.empty() : ImageReference.problem(image);
      if (problem.isPresent()) {
        problems.add(Problem.ocelotError("spec.osImageURL", invalidImage(image, problem.get())));
      } else if (!image.isEmpty() && !MachineConfigRules.isDigest(image)) {
        problems.add(
            Problem.warning(
                "spec.osImageURL",
                "osImageURL \"" + image + "\" is not a digest; using a digest is recommended"));
      }
    }
    if (textField(spec, "baseOSExtensionsContainerImage", problems)) {
      String image = spec.get("baseOSExtensionsContainerImage").asText();
      if (!image.isEmpty()) {
        ImageReference.problem(image)
            .ifPresent(
                m ->
                    problems.add(
                        Problem.ocelotError(
                            "spec.baseOSExtensionsContainerImage", invalidImage(image, m))));
      }
    }
    List<String> kargs = stringList(spec, "kernelArguments", problems);
    for (int i = 0; i < kargs.size(); i++) {
      String at = "spec.kernelArguments[" + i + "]";
      KernelArgumentRules.entryProblem(kargs.get(i))
          .ifPresent(p -> problems.add(Problem.ocelotError(at, p)));
    }
    KernelArgumentRules.totalProblem(kargs)
        .ifPresent(p -> problems.add(Problem.ocelotError("spec.kernelArguments", p)));
    if (textField(spec, "kernelType", problems)) {
      MachineConfigRules.kernelTypeProblem(spec.get("kernelType").asText())
          .ifPresent(m -> problems.add(Problem.error("spec.kernelType", m)));
    }
    List<String> extensions = stringList(spec, "extensions", problems);
    MachineConfigRules.extensionsProblem(extensions)
        .ifPresent(m -> problems.add(Problem.error("spec.extensions", m)));
    JsonNode fips = spec.get("fips");
    if (fips != null && !fips.isNull() && !fips.isBoolean()) {
      problems.add(Problem.error("spec.fips", "must be true or false"));
    }
  }

  /** The message for a malformed image reference; the value is quoted with escapes. */
  private static String invalidImage(String image, String why) {
    return Printable.quote(image) + " is not a valid image reference: " + why;
  }

  /** True when the field is present and a string; reports a non-string. */
  private static boolean textField(JsonNode spec, String field, List<Problem> problems) {
    JsonNode n = spec.get(field);
    if (n == null || n.isNull()) {
      return false;
    }
    if (!n.isTextual()) {
      problems.add(Problem.error("spec." + field, "must be a string"));
      return false;
    }
    return true;
  }

  private static List<String> stringList(JsonNode spec, String field, List<Problem> problems) {
    JsonNode n = spec.get(field);
    List<String> out = new ArrayList<>();
    if (n == null || n.isNull()) {
      return out;
    }
    if (!n.isArray()) {
      problems.add(Problem.error("spec." + field, "must be a list of strings"));
      return out;
    }
    for (int i = 0; i < n.size(); i++) {
      if (n.get(i).isTextual()) {
        out.add(n.get(i).asText());
      } else {
        problems.add(Problem.error("spec." + field + "[" + i + "]", "must be a string"));
      }
    }
    return out;
  }
}
