package io.ocelot.controller.generated;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.ocelot.api.model.KubeletConfigSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a KubeletConfig writes on a pool's nodes, as MCO's kubelet-config controller: the pool's
 * base {@code kubelet.conf} with the profile's TLS settings and the config's {@code kubeletConfig}
 * merged over it (objects merged key by key, anything else replaced — an explicit {@code false}
 * too, where MCO's merge library needs a workaround for it), the log level as a kubelet drop-in,
 * and the system-reserved sizing as {@code /etc/node-sizing-enabled.env}. Refusals carry MCO's
 * words.
 */
public final class KubeletFiles {
  public static final String KUBELET_CONF = "/etc/kubernetes/kubelet.conf";
  static final String LOG_LEVEL_DROPIN = "/etc/systemd/system/kubelet.service.d/20-logging.conf";
  static final String NODE_SIZING = "/etc/node-sizing-enabled.env";

  private static final YAMLMapper YAML =
      new YAMLMapper(
          YAMLFactory.builder()
              .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
              // "1000" stays a string: unquoted it would read back as a number, and the
              // kubelet refuses a number where it wants a string (systemReserved's values).
              .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
              .build());

  /** Sizes of system-reserved a user names, moved from kubelet.conf into the sizing file. */
  private static final List<String> SIZED = List.of("memory", "cpu", "ephemeral-storage");

  private static final List<String> SYSTEM_RESERVED_ENFORCEMENT =
      List.of("system-reserved", "system-reserved-compressible");

  private KubeletFiles() {}

  /** The kubelet.conf a pool gets when none of its MachineConfigs writes one (MCO's template). */
  public static String defaultBase() {
    try (InputStream in = KubeletFiles.class.getResourceAsStream("kubelet.conf")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Why MCO refuses the config itself, before any pool is looked at. */
  static Optional<String> refusal(KubeletConfigSpec spec) {
    if (spec.getLogLevel() != null && (spec.getLogLevel() < 0 || spec.getLogLevel() > 10)) {
      return Optional.of("KubeletConfig's LogLevel is not valid [0,10]: " + spec.getLogLevel());
    }
    JsonNode kc = spec.getKubeletConfig();
    if (kc == null || kc.isNull()) {
      return Optional.empty();
    }
    if (!kc.isObject()) {
      return Optional.of(
          "KubeletConfig could not be unmarshalled, err: kubeletConfig must be an object, not "
              + kc.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
    }
    for (String field : List.of("cgroupDriver", "clusterDNS", "clusterDomain", "featureGates")) {
      if (present(kc.get(field))) {
        return Optional.of(forbidden(field, goText(kc.get(field))));
      }
    }
    if (kc.has("failSwapOn") && !kc.get("failSwapOn").isNull()) {
      return Optional.of(forbidden("failSwapOn", goText(kc.get("failSwapOn"))));
    }
    if (present(kc.path("memorySwap").get("swapBehavior"))) {
      return Optional.of(
          forbidden("swapBehavior", goText(kc.path("memorySwap").get("swapBehavior"))));
    }
    if (present(kc.get("systemReserved")) && Boolean.TRUE.equals(spec.getAutoSizingReserved())) {
      return Optional.of(
          "KubeletConfiguration: autoSizingReserved and systemdReserved cannot be set together");
    }
    return cgroupMismatch(kc, "KubeletConfiguration: ");
  }

  /** The files for a pool whose kubelet.conf is {@code base} (JSON or YAML). */
  static Generation generate(KubeletConfigSpec spec, String base, TlsProfiles.Tls tls) {
    ObjectNode merged;
    try {
      merged = YAML.readTree(base) instanceof ObjectNode o ? o : null;
    } catch (JsonProcessingException e) {
      merged = null;
    }
    if (merged == null) {
      return new Generation.Refused(
          "could not get original kubelet config: the pool's "
              + KUBELET_CONF
              + " is not a YAML or JSON object");
    }
    if (spec.getTlsSecurityProfile() != null) {
      if (tls.minVersion() != null) {
        merged.put("tlsMinVersion", tls.minVersion());
      }
      ArrayNode suites = merged.putArray("tlsCipherSuites");
      tls.cipherSuites().forEach(suites::add);
    }
    Map<String, String> reserved = new LinkedHashMap<>();
    if (spec.getKubeletConfig() instanceof ObjectNode user) {
      ObjectNode own = user.deepCopy();
      own.remove("featureGates"); // they come from the cluster's FeatureGate, never from here
      if (own.get("systemReserved") instanceof ObjectNode sr) {
        for (String size : SIZED) {
          if (sr.has(size)) {
            reserved.put(size, sr.remove(size).asText());
          }
        }
      }
      merge(merged, own);
      clearReservedCgroupWithoutItsEnforcement(merged, own);
    }
    reservedCpusDisableSystemReserved(merged);
    Optional<String> mismatch = cgroupMismatch(merged, "invalid merged configuration: ");
    if (mismatch.isPresent()) {
      return new Generation.Refused(mismatch.get());
    }
    List<GeneratedFile> files = new ArrayList<>();
    if (!reserved.isEmpty()) {
      files.add(new GeneratedFile(NODE_SIZING, sizing(false, reserved)));
    } else if (spec.getAutoSizingReserved() != null) {
      files.add(new GeneratedFile(NODE_SIZING, sizing(spec.getAutoSizingReserved(), reserved)));
    }
    if (spec.getLogLevel() != null) {
      files.add(
          new GeneratedFile(
              LOG_LEVEL_DROPIN,
              "[Service]\nEnvironment=\"KUBELET_LOG_LEVEL=" + spec.getLogLevel() + "\"\n"));
    }
    files.add(new GeneratedFile(KUBELET_CONF, yaml(merged)));
    return new Generation.Files(files);
  }

  /** Objects merge key by key; anything else in {@code over} replaces what {@code into} had. */
  static void merge(ObjectNode into, ObjectNode over) {
    for (Iterator<Map.Entry<String, JsonNode>> it = over.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (e.getValue() instanceof ObjectNode o && into.get(e.getKey()) instanceof ObjectNode mine) {
        merge(mine, o);
      } else if (!e.getValue().isNull()) {
        into.set(e.getKey(), e.getValue().deepCopy());
      }
    }
  }

  /**
   * An enforceNodeAllocatable the user set without system-reserved enforcement clears the
   * system-reserved cgroup (the kubelet refuses a cgroup it is not told to enforce).
   */
  private static void clearReservedCgroupWithoutItsEnforcement(ObjectNode merged, ObjectNode own) {
    if (own.path("systemReservedCgroup").asText("").isEmpty()
        && own.get("enforceNodeAllocatable") instanceof ArrayNode enforced
        && !enforced.isEmpty()
        && texts(enforced).stream().noneMatch(SYSTEM_RESERVED_ENFORCEMENT::contains)) {
      merged.remove("systemReservedCgroup");
    }
  }

  /** Reserved CPUs take the system-reserved enforcement's place; pods stay enforced. */
  private static void reservedCpusDisableSystemReserved(ObjectNode merged) {
    if (merged.path("reservedSystemCPUs").asText("").isEmpty()) {
      return;
    }
    merged.remove("systemReservedCgroup");
    List<String> kept =
        new ArrayList<>(
            texts(merged.path("enforceNodeAllocatable")).stream()
                .filter(v -> !SYSTEM_RESERVED_ENFORCEMENT.contains(v))
                .toList());
    if (!kept.contains("pods")) {
      kept.add(0, "pods");
    }
    ArrayNode out = merged.putArray("enforceNodeAllocatable");
    kept.forEach(out::add);
  }

  private static Optional<String> cgroupMismatch(JsonNode kc, String prefix) {
    String reserved = kc.path("systemReservedCgroup").asText("");
    String system = kc.path("systemCgroups").asText("");
    if (!reserved.isEmpty() && !system.isEmpty() && !reserved.equals(system)) {
      return Optional.of(
          prefix
              + "systemReservedCgroup ("
              + reserved
              + ") must match systemCgroups ("
              + system
              + ")");
    }
    return Optional.empty();
  }

  private static String sizing(boolean auto, Map<String, String> reserved) {
    return "NODE_SIZING_ENABLED="
        + auto
        + "\nSYSTEM_RESERVED_MEMORY="
        + reserved.getOrDefault("memory", "1Gi")
        + "\nSYSTEM_RESERVED_CPU="
        + reserved.getOrDefault("cpu", "500m")
        + "\nSYSTEM_RESERVED_ES="
        + reserved.getOrDefault("ephemeral-storage", "1Gi")
        + "\n";
  }

  /** YAML with every object's keys sorted, as MCO's encoder writes kubelet.conf. */
  static String yaml(JsonNode node) {
    try {
      return YAML.writeValueAsString(sorted(node));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree read from YAML cannot be written back", e);
    }
  }

  private static JsonNode sorted(JsonNode node) {
    if (node instanceof ObjectNode o) {
      Map<String, JsonNode> keys = new TreeMap<>();
      o.fields().forEachRemaining(e -> keys.put(e.getKey(), sorted(e.getValue())));
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      keys.forEach(out::set);
      return out;
    }
    if (node instanceof ArrayNode a) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      a.forEach(v -> out.add(sorted(v)));
      return out;
    }
    return node;
  }

  private static boolean present(JsonNode v) {
    return v != null
        && !v.isNull()
        && !(v.isTextual() && v.asText().isEmpty())
        && !(v.isContainerNode() && v.isEmpty());
  }

  private static String forbidden(String field, String value) {
    return "KubeletConfiguration: " + field + " is not allowed to be set, but contains: " + value;
  }

  /** A value as Go's {@code %v} prints it: {@code [a b]}, {@code map[k:v]}, {@code true}. */
  private static String goText(JsonNode v) {
    if (v.isArray()) {
      return "[" + String.join(" ", texts(v)) + "]";
    }
    if (v.isObject()) {
      Map<String, String> keys = new TreeMap<>();
      v.fields().forEachRemaining(e -> keys.put(e.getKey(), goText(e.getValue())));
      List<String> pairs = new ArrayList<>();
      keys.forEach((k, x) -> pairs.add(k + ":" + x));
      return "map[" + String.join(" ", pairs) + "]";
    }
    return v.asText();
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(v -> out.add(v.asText()));
    return out;
  }
}
