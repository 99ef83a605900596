package io.ocelot.api.ignition;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Parses and validates an Ignition config (spec 2.2 or 3.0-3.5) into an {@link IgnitionConfig}.
 * Every problem is reported with its field path; parsing goes on after an error so that one run
 * shows them all.
 */
public final class IgnitionParser {
  /**
   * The most files, directories, links, units and dropins one config may hold: what a node applies
   * within the DaemonSet's 48 MiB heap with room to spare (docs/engine.md has the measurements).
   */
  public static final int MAX_ENTRIES = 10_000;

  private static final Set<String> ROOT_FIELDS_V3 =
      Set.of("ignition", "storage", "systemd", "passwd", "kernelArguments");
  private static final Set<String> ROOT_FIELDS_V2 =
      Set.of("ignition", "storage", "systemd", "passwd", "networkd");
  private static final Set<String> KARGS_FIELDS = Set.of("shouldExist", "shouldNotExist");

  private IgnitionParser() {}

  /** Parses JSON text; malformed JSON is a problem, not an exception. */
  public static IgnitionResult parse(String json) {
    if (json == null || json.isBlank()) {
      return new IgnitionResult.Valid(IgnitionConfig.EMPTY, List.of());
    }
    try {
      return parse(Json.MAPPER.readTree(json));
    } catch (JsonProcessingException e) {
      return new IgnitionResult.Invalid(
          List.of(Problem.error("", "malformed JSON: " + describe(e))));
    }
  }

  /** Parses a JSON tree; null, JSON null and {@code {}} are the empty config. */
  public static IgnitionResult parse(JsonNode raw) {
    if (raw == null || raw.isNull() || raw.isMissingNode() || (raw.isObject() && raw.isEmpty())) {
      return new IgnitionResult.Valid(IgnitionConfig.EMPTY, List.of());
    }
    if (!raw.isObject()) {
      return new IgnitionResult.Invalid(
          List.of(Problem.error("", "must be a JSON object, got " + ParseContext.describe(raw))));
    }
    Optional<SpecVersion> version = version(raw);
    if (version.isEmpty()) {
      return new IgnitionResult.Invalid(List.of(versionProblem(raw)));
    }
    ParseContext ctx = new ParseContext(version.get());
    JsonNode body = raw;
    if (version.get().isV2()) {
      LegacyDuplicates.Folded folded = LegacyDuplicates.fold(raw);
      folded.problems().forEach(ctx::add);
      body = folded.config();
    }
    IgnitionConfig config = parseBody(ctx, body);
    return ctx.hasErrors()
        ? new IgnitionResult.Invalid(ctx.problems())
        : new IgnitionResult.Valid(config, ctx.problems());
  }

  private static IgnitionConfig parseBody(ParseContext ctx, JsonNode raw) {
    SpecVersion v = ctx.version();
    // Counted before anything is parsed: a config too large for a node is refused at once.
    boolean tooLarge =
        tooMany(
            ctx,
            "",
            entries(raw),
            " files, directories, links, units and dropins; a node applies at most ",
            " in one config (each is a step it journals and keeps in memory)");
    // Their checks compare partitions pairwise, as Ignition does: bounded before they run.
    tooLarge |=
        !tooLarge
            && tooMany(
                ctx,
                "storage",
                devices(raw),
                " disks, partitions, filesystems, RAID arrays and LUKS volumes; at most ",
                " are checked in one config (a GPT disk holds 128 partitions)");
    if (tooLarge) {
      return new IgnitionConfig(
          Optional.of(v), List.of(), List.of(), Passwd.EMPTY, new RefusedSections(Map.of()));
    }
    ctx.knownFields(raw, "", v.isV2() ? ROOT_FIELDS_V2 : ROOT_FIELDS_V3);
    ctx.object(raw, "ignition", "").ifPresent(i -> IgnitionSectionRules.check(ctx, i));
    if (!v.isV2()) {
      StorageRules.check(ctx, raw);
    }
    // Sections a running node never applies: checked beside the parser, not modelled.
    JsonNode storage = raw.path("storage"); // its type is reported where files are parsed
    if (storage.isObject() && v.isV2()) {
      DeviceRulesV2.check(ctx, storage);
    } else if (storage.isObject()) {
      DeviceRules.check(ctx, storage);
    }
    Map<String, String> refused = new HashMap<>();
    List<FileEntry> files =
        ctx.object(raw, "storage", "")
            .map(s -> new StorageParser(ctx).parse(s, "storage", refused))
            .orElse(List.of());
    List<UnitEntry> units =
        ctx.object(raw, "systemd", "")
            .map(s -> new SystemdParser(ctx).parse(s, "systemd"))
            .orElse(List.of());
    Passwd passwd =
        ctx.object(raw, "passwd", "")
            .map(p -> new PasswdParser(ctx).parse(p, "passwd"))
            .orElse(Passwd.EMPTY);
    kernelArguments(ctx, raw, refused);
    if (v.isV2()) {
      ctx.object(raw, "networkd", "")
          .filter(n -> n.has("units") && !n.get("units").isEmpty())
          .ifPresent(
              n ->
                  ctx.error(
                      "networkd",
                      "not supported; write the files under /etc/systemd/network with"
                          + " storage.files"));
    }
    return new IgnitionConfig(Optional.of(v), files, units, passwd, new RefusedSections(refused));
  }

  /**
   * Ignition's rules that only an authored config is held to: MCO's render sets {@code overwrite:
   * true} on every file that leaves it unset, with or without a source, so a rendered config breaks
   * them by design and the daemon must still read it. {@code ocelot validate} and the check of a
   * MachineConfig apply them.
   */
  public static List<Problem> authoredProblems(JsonNode raw) {
    List<Problem> out = new java.util.ArrayList<>();
    if (raw == null || !raw.isObject() || version(raw).map(SpecVersion::isV2).orElse(true)) {
      return out;
    }
    JsonNode files = raw.path("storage").path("files");
    for (int i = 0; i < files.size(); i++) {
      JsonNode f = files.get(i);
      JsonNode source = f.path("contents").path("source");
      if (f.path("overwrite").asBoolean(false) && (source.isMissingNode() || source.isNull())) {
        out.add(
            Problem.error(
                "storage.files[" + i + "].overwrite",
                "overwrite must be false if source is unspecified"));
      }
    }
    return out;
  }

  private static boolean tooMany(
      ParseContext ctx, String path, long count, String what, String why) {
    if (count <= MAX_ENTRIES) {
      return false;
    }
    ctx.ocelotError(path, "the config has " + count + what + MAX_ENTRIES + why);
    return true;
  }

  private static long devices(JsonNode raw) {
    JsonNode storage = raw.path("storage");
    long n = storage.path("disks").size() + storage.path("filesystems").size();
    n += storage.path("raid").size() + storage.path("luks").size();
    for (JsonNode disk : storage.path("disks")) {
      n += disk.path("partitions").size();
    }
    return n;
  }

  private static long entries(JsonNode raw) {
    JsonNode storage = raw.path("storage");
    long n = storage.path("files").size() + storage.path("directories").size();
    n += storage.path("links").size();
    for (JsonNode unit : raw.path("systemd").path("units")) {
      n += 1 + unit.path("dropins").size();
    }
    return n;
  }

  private static void kernelArguments(ParseContext ctx, JsonNode raw, Map<String, String> refused) {
    Optional<JsonNode> kargs = ctx.object(raw, "kernelArguments", "");
    if (kargs.isEmpty()) {
      return;
    }
    if (!ctx.version().atLeast(SpecVersion.V3_3)) {
      // Ignition reads it as an unknown field of the older spec (a warning) and drops it.
      ctx.ocelotError(
          "kernelArguments",
          "requires Ignition spec 3.3.0 or newer, the config is " + ctx.version());
      return;
    }
    ctx.knownFields(kargs.get(), "kernelArguments", KARGS_FIELDS);
    boolean any = false;
    // Ignition keys both lists by the argument: one named twice, in either, is a duplicate.
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String list : List.of("shouldExist", "shouldNotExist")) {
      for (ParseContext.Element e : ctx.elements(kargs.get(), list, "kernelArguments")) {
        any = true;
        if (!e.node().isTextual()) {
          ctx.error(e.path(), "must be a string, got " + ParseContext.describe(e.node()));
        } else if (!seen.add(e.node().asText())) {
          ctx.error(e.path(), "duplicate entry defined");
        }
      }
    }
    if (any) {
      refused.put(RefusedSections.KERNEL_ARGUMENTS, CanonicalJson.text(kargs.get()));
    }
  }

  private static Optional<SpecVersion> version(JsonNode raw) {
    JsonNode v = raw.path("ignition").path("version");
    return v.isTextual()
        ? SpecVersion.parse(v.asText()).filter(SpecVersion::isSupported)
        : Optional.empty();
  }

  private static Problem versionProblem(JsonNode raw) {
    JsonNode ignition = raw.get("ignition");
    String supported = "; supported spec versions: " + SpecVersion.supportedList();
    if (ignition != null && !ignition.isNull() && !ignition.isObject()) {
      return Problem.error("ignition", "must be an object, got " + ParseContext.describe(ignition));
    }
    JsonNode v = raw.path("ignition").path("version");
    if (v.isMissingNode() || v.isNull() || (v.isTextual() && v.asText().isEmpty())) {
      return Problem.error("ignition.version", "missing" + supported);
    }
    if (!v.isTextual()) {
      return Problem.error("ignition.version", "must be a string, got " + ParseContext.describe(v));
    }
    String text = v.asText();
    String what =
        SpecVersion.parse(text).isPresent() ? "is not supported" : "is not a valid version";
    return Problem.error("ignition.version", ParseContext.quote(text) + " " + what + supported);
  }

  static String describe(JsonProcessingException e) {
    String msg = e.getOriginalMessage();
    if (e.getLocation() != null) {
      msg +=
          " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
    }
    return msg;
  }
}
