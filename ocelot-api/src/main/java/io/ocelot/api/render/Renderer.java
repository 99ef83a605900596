package io.ocelot.api.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.ignition.Problem;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigRules;
import io.ocelot.api.model.MachineConfigSpec;
import io.ocelot.api.model.Mco;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Renders the MachineConfigs of a pool into one config with MCO's order and merge rules: configs of
 * role {@code worker} first, then the rest, each group by name; Ignition merged in that order;
 * {@code fips} is an OR; {@code kernelType} the last non-default; kernel arguments and extensions
 * concatenated; images the last non-empty, else the defaults.
 */
public final class Renderer {
  private static final String WORKER = "worker";

  private Renderer() {}

  public static RenderResult render(
      String pool, List<MachineConfig> configs, RenderDefaults defaults) {
    if (configs.isEmpty()) {
      return new RenderResult.Failed("no MachineConfigs to render for pool " + pool, List.of());
    }
    List<MachineConfig> ordered = mergeOrder(configs);
    List<Problem> problems = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    ObjectNode ignition = null;
    for (MachineConfig mc : ordered) {
      Optional<ObjectNode> translated = validate(mc, problems, warnings);
      if (translated.isPresent()) {
        ignition =
            ignition == null ? translated.get() : IgnitionMerge.merge(ignition, translated.get());
      }
    }
    if (!problems.isEmpty()) {
      return failed(problems);
    }
    MachineConfigSpec spec = mergeFields(ordered, defaults, withOverwrite(ignition));
    if (spec.getExtensions().contains("kernel-devel")
        && !spec.getKernelType().equals(MachineConfigRules.KERNEL_DEFAULT)) {
      return new RenderResult.Failed(
          "installing kernel-devel extension is not supported with kernelType: "
              + spec.getKernelType(),
          List.of());
    }
    return checkMerged(pool, ordered, spec, defaults, warnings);
  }

  /** MCO's order: role=worker configs first, then the rest; by name within each group. */
  public static List<MachineConfig> mergeOrder(List<MachineConfig> configs) {
    return configs.stream()
        .sorted(
            Comparator.comparing((MachineConfig mc) -> isWorker(mc) ? 0 : 1)
                .thenComparing(mc -> mc.getMetadata().getName()))
        .toList();
  }

  private static boolean isWorker(MachineConfig mc) {
    Map<String, String> labels = mc.getMetadata().getLabels();
    return labels != null && WORKER.equals(labels.get(Mco.ROLE_LABEL));
  }

  /** The config's Ignition in the current spec's shape, or empty when it has none or is bad. */
  private static Optional<ObjectNode> validate(
      MachineConfig mc, List<Problem> problems, List<String> warnings) {
    String where = "MachineConfig " + mc.getMetadata().getName() + ": ";
    MachineConfigSpec spec = mc.getSpec();
    MachineConfigRules.kernelTypeProblem(spec.getKernelType())
        .ifPresent(m -> problems.add(Problem.error(where + "spec.kernelType", m)));
    MachineConfigRules.extensionsProblem(spec.getExtensions())
        .ifPresent(m -> problems.add(Problem.error(where + "spec.extensions", m)));
    IgnitionResult parsed = IgnitionParser.parse(spec.getConfig());
    for (Problem p : parsed.problems()) {
      Problem located = p.under(where + "spec.config");
      if (p.isError()) {
        problems.add(located);
      } else {
        warnings.add(located.toString());
      }
    }
    if (parsed instanceof IgnitionResult.Valid valid && valid.config().version().isPresent()) {
      return Optional.of(
          IgnitionTranslator.toCurrent(spec.getConfig(), valid.config().version().get()));
    }
    return Optional.empty();
  }

  /** MCO marks every merged file without {@code overwrite} as overwrite: true. */
  private static JsonNode withOverwrite(ObjectNode ignition) {
    if (ignition == null) {
      ObjectNode empty = JsonNodeFactory.instance.objectNode();
      empty.putObject("ignition").put("version", IgnitionTranslator.TARGET_VERSION);
      return empty;
    }
    for (JsonNode file : ignition.path("storage").path("files")) {
      if (file instanceof ObjectNode f && !f.has("overwrite")) {
        f.put("overwrite", true);
      }
    }
    return ignition;
  }

  private static MachineConfigSpec mergeFields(
      List<MachineConfig> ordered, RenderDefaults defaults, JsonNode ignition) {
    MachineConfigSpec out = new MachineConfigSpec();
    out.setConfig(ignition);
    out.setOsImageURL(defaults.baseOSContainerImage());
    out.setBaseOSExtensionsContainerImage(defaults.baseOSExtensionsContainerImage());
    out.setKernelType(MachineConfigRules.KERNEL_DEFAULT);
    boolean fips = false;
    List<String> kargs = new ArrayList<>();
    List<String> extensions = new ArrayList<>();
    for (MachineConfig mc : ordered) {
      MachineConfigSpec s = mc.getSpec();
      fips |= s.fipsEnabled();
      String kernel = MachineConfigRules.canonicalKernelType(s.getKernelType());
      if (!kernel.equals(MachineConfigRules.KERNEL_DEFAULT)) {
        out.setKernelType(kernel);
      }
      kargs.addAll(s.getKernelArguments());
      extensions.addAll(s.getExtensions());
      if (s.getOsImageURL() != null && !s.getOsImageURL().isEmpty()) {
        out.setOsImageURL(s.getOsImageURL());
      }
      String ext = s.getBaseOSExtensionsContainerImage();
      if (ext != null && !ext.isEmpty()) {
        out.setBaseOSExtensionsContainerImage(ext);
      }
    }
    out.setFips(fips);
    out.setKernelArguments(kargs);
    out.setExtensions(extensions);
    return out;
  }

  /**
   * The merged Ignition must itself be valid (a merge can, e.g., put a file and a link on one
   * path).
   */
  private static RenderResult checkMerged(
      String pool,
      List<MachineConfig> ordered,
      MachineConfigSpec spec,
      RenderDefaults defaults,
      List<String> warnings) {
    IgnitionResult merged = IgnitionParser.parse(spec.getConfig());
    if (merged instanceof IgnitionResult.Invalid invalid) {
      return failed(invalid.errors().stream().map(p -> p.under("merged config")).toList());
    }
    MachineConfig rendered = new MachineConfig();
    ObjectMetaBuilder meta = new ObjectMetaBuilder().withName(RenderedName.of(pool, spec));
    if (!defaults.controllerVersion().isEmpty()) {
      meta.addToAnnotations(Mco.GENERATED_BY_CONTROLLER_VERSION, defaults.controllerVersion());
    }
    rendered.setMetadata(meta.build());
    rendered.setSpec(spec);
    List<ObjectReference> sources =
        ordered.stream()
            .map(
                mc ->
                    new ObjectReferenceBuilder()
                        .withApiVersion(Mco.API_VERSION)
                        .withKind("MachineConfig")
                        .withName(mc.getMetadata().getName())
                        .build())
            .toList();
    return new RenderResult.Rendered(rendered, sources, warnings);
  }

  private static RenderResult.Failed failed(List<Problem> problems) {
    StringBuilder message = new StringBuilder();
    for (Problem p : problems) {
      message.append(message.length() == 0 ? "" : "; ").append(p);
    }
    return new RenderResult.Failed(message.toString(), problems);
  }
}
