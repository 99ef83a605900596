package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** Parses {@code systemd.units} with their dropins, checking names the way systemd would. */
final class SystemdParser {
  private static final Set<String> SYSTEMD_FIELDS = Set.of("units");
  private static final Set<String> UNIT_FIELDS_V3 =
      Set.of("name", "enabled", "mask", "contents", "dropins");
  private static final Set<String> UNIT_FIELDS_V2 =
      Set.of("name", "enabled", "enable", "mask", "contents", "dropins");
  private static final Set<String> DROPIN_FIELDS = Set.of("name", "contents");

  static final List<String> UNIT_TYPES =
      List.of(
          "service",
          "socket",
          "device",
          "mount",
          "automount",
          "swap",
          "target",
          "path",
          "timer",
          "slice",
          "scope");
  private static final Pattern UNIT_CHARS = Pattern.compile("[A-Za-z0-9:_.\\\\@-]+");
  private static final int MAX_NAME_LENGTH = 255;

  private final ParseContext ctx;

  SystemdParser(ParseContext ctx) {
    this.ctx = ctx;
  }

  List<UnitEntry> parse(JsonNode systemd, String path) {
    ctx.knownFields(systemd, path, SYSTEMD_FIELDS);
    List<UnitEntry> units = new ArrayList<>();
    Map<String, String> seen = new HashMap<>();
    Map<String, UnitEntry> at = new java.util.LinkedHashMap<>();
    for (ParseContext.Element e : ctx.elements(systemd, "units", path)) {
      parseUnit(e, seen)
          .ifPresent(
              u -> {
                units.add(u);
                at.putIfAbsent(e.path(), u);
              });
    }
    if (!ctx.version().isV2()) {
      templatesWithoutInstall(at);
    }
    return units;
  }

  private static final Pattern INSTANCE = Pattern.compile("^(.+?)@(.+?)\\.service$");

  /**
   * Ignition's warning for an enabled instance ({@code a@x.service}) whose template in the same
   * config ({@code a@.service}) has contents without an {@code [Install]} section: enabling the
   * instance does nothing (systemd.go).
   */
  private void templatesWithoutInstall(Map<String, UnitEntry> units) {
    Map<String, UnitEntry> byName = new HashMap<>();
    units.values().forEach(u -> byName.putIfAbsent(u.name(), u));
    units.forEach(
        (path, u) -> {
          java.util.regex.Matcher m = INSTANCE.matcher(u.name());
          if (!m.matches() || !u.enabled().orElse(false)) {
            return;
          }
          String template = m.group(1) + "@.service";
          Optional<String> contents =
              Optional.ofNullable(byName.get(template))
                  .flatMap(UnitEntry::contents)
                  .filter(c -> !c.isEmpty());
          if (contents.isEmpty()) {
            return;
          }
          UnitContents.Read read = UnitContents.read(contents.get());
          if (read.error().isEmpty() && !read.sections().contains("Install")) {
            ctx.warn(
                FieldPath.join(path, "contents"),
                "template unit \""
                    + template
                    + "\" for \""
                    + u.name()
                    + "\" doesn't have Install section");
          }
        });
  }

  private Optional<UnitEntry> parseUnit(ParseContext.Element e, Map<String, String> seen) {
    JsonNode unit = e.node();
    String path = e.path();
    if (!unit.isObject()) {
      ctx.error(path, "must be an object, got " + ParseContext.describe(unit));
      return Optional.empty();
    }
    ctx.knownFields(unit, path, ctx.version().isV2() ? UNIT_FIELDS_V2 : UNIT_FIELDS_V3);
    Optional<String> name = unitName(unit, path);
    name.ifPresent(
        n -> {
          String first = seen.putIfAbsent(n, path);
          if (first != null) {
            ctx.error(
                FieldPath.join(path, "name"),
                "duplicate unit " + ParseContext.quote(n) + " (also at " + first + ".name)");
          }
        });
    Optional<Boolean> enabled = enablement(unit, path);
    boolean mask = ctx.bool(unit, "mask", path).orElse(false);
    Optional<String> contents = contents(unit, path);
    if (enabled.orElse(false)
        && contents.filter(c -> !c.isEmpty()).isPresent()
        && name.isPresent()
        && !ctx.version().isV2()) {
      UnitContents.Read read = UnitContents.read(contents.get());
      if (read.error().isEmpty() && !read.sections().contains("Install")) {
        ctx.warn(
            FieldPath.join(path, "contents"),
            "unit \""
                + name.get()
                + "\" is enabled, but has no install section so enable does nothing");
      }
    }
    List<UnitEntry.Dropin> dropins = new ArrayList<>();
    Map<String, String> seenDropins = new HashMap<>();
    for (ParseContext.Element d : ctx.elements(unit, "dropins", path)) {
      parseDropin(d, seenDropins).ifPresent(dropins::add);
    }
    return name.map(n -> new UnitEntry(n, contents, enabled, mask, dropins));
  }

  /** {@code enabled}; for 2.2 also the deprecated {@code enable: true}. */
  private Optional<Boolean> enablement(JsonNode unit, String path) {
    Optional<Boolean> enabled = ctx.bool(unit, "enabled", path);
    if (ctx.version().isV2() && enabled.isEmpty()) {
      return ctx.bool(unit, "enable", path).filter(Boolean::booleanValue);
    }
    return enabled;
  }

  private Optional<String> unitName(JsonNode unit, String path) {
    String npath = FieldPath.join(path, "name");
    Optional<String> name = ctx.string(unit, "name", path);
    if (name.isEmpty()) {
      if (unit.get("name") == null || unit.get("name").isNull()) {
        ctx.error(npath, "missing");
      }
      return Optional.empty();
    }
    String n = name.get();
    String problem = unitNameProblem(n);
    if (problem != null) {
      ctx.error(npath, ParseContext.quote(n) + " is not a valid unit name: " + problem);
      return Optional.empty();
    }
    return name;
  }

  /** Why {@code name} is not a valid unit name, or null when it is. */
  static String unitNameProblem(String name) {
    if (name.length() > MAX_NAME_LENGTH) {
      return "longer than " + MAX_NAME_LENGTH + " characters";
    }
    if (!UNIT_CHARS.matcher(name).matches()) {
      return "only letters, digits and the characters :-_.\\@ are allowed";
    }
    int dot = name.lastIndexOf('.');
    if (dot <= 0 || !UNIT_TYPES.contains(name.substring(dot + 1))) {
      return "it must end in a unit type suffix such as .service, .socket, .timer, .mount or"
          + " .target";
    }
    return null;
  }

  private Optional<UnitEntry.Dropin> parseDropin(ParseContext.Element d, Map<String, String> seen) {
    if (!d.node().isObject()) {
      ctx.error(d.path(), "must be an object, got " + ParseContext.describe(d.node()));
      return Optional.empty();
    }
    ctx.knownFields(d.node(), d.path(), DROPIN_FIELDS);
    String npath = FieldPath.join(d.path(), "name");
    Optional<String> name = ctx.string(d.node(), "name", d.path());
    Optional<String> contents = contents(d.node(), d.path());
    if (name.isEmpty()) {
      if (d.node().get("name") == null || d.node().get("name").isNull()) {
        ctx.error(npath, "missing");
      }
      return Optional.empty();
    }
    String n = name.get();
    Optional<String> notAFileName = PathRules.fileNameProblem(n);
    if (notAFileName.isPresent() || !n.endsWith(".conf") || n.equals(".conf")) {
      ctx.error(
          npath,
          ParseContext.quote(n)
              + " is not a valid dropin name: it must be a file name ending in .conf"
              + notAFileName.map(why -> " (" + why + ")").orElse(""));
      return Optional.empty();
    }
    String first = seen.putIfAbsent(n, d.path());
    if (first != null) {
      ctx.error(
          npath, "duplicate dropin " + ParseContext.quote(n) + " (also at " + first + ".name)");
    }
    return Optional.of(new UnitEntry.Dropin(n, contents));
  }

  /** A unit's or dropin's contents: a file on the host, held to a file's size limit. */
  private Optional<String> contents(JsonNode node, String path) {
    Optional<String> contents = ctx.string(node, "contents", path);
    int bytes =
        contents.map(c -> c.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).orElse(0);
    if (bytes > ContentsDecoder.MAX_FILE_BYTES) {
      ctx.error(
          FieldPath.join(path, "contents"),
          "contents are "
              + bytes
              + " bytes, over the limit of "
              + ContentsDecoder.MAX_FILE_BYTES / (1024 * 1024)
              + " MiB per file");
      return Optional.empty();
    }
    Optional<String> error = contents.flatMap(c -> UnitContents.read(c).error());
    if (error.isPresent()) {
      ctx.error(FieldPath.join(path, "contents"), error.get());
      return Optional.empty();
    }
    return contents;
  }
}
