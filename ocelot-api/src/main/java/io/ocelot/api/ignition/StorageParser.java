package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Parses {@code storage}: files in full, the refused sections as canonical JSON. */
final class StorageParser {
  private static final Set<String> STORAGE_FIELDS =
      Set.of("disks", "raid", "filesystems", "files", "directories", "links");
  private static final Set<String> STORAGE_FIELDS_V3_2 = DeviceRules.plus(STORAGE_FIELDS, "luks");
  private static final Set<String> FILE_FIELDS_V3 =
      Set.of("path", "overwrite", "contents", "append", "mode", "user", "group");
  private static final Set<String> FILE_FIELDS_V2 =
      Set.of("filesystem", "path", "overwrite", "contents", "append", "mode", "user", "group");
  private static final Set<String> OWNER_FIELDS = Set.of("id", "name");
  private static final int MAX_MODE = 0777;

  private final ParseContext ctx;

  /** First field path seen for each node path, across files, directories and links. */
  private final Map<String, String> claimedPaths = new LinkedHashMap<>();

  StorageParser(ParseContext ctx) {
    this.ctx = ctx;
  }

  /** Files in document order (for 2.2, a later duplicate replaces the earlier entry). */
  List<FileEntry> parse(JsonNode storage, String path, Map<String, String> refused) {
    boolean luks = ctx.version().atLeast(new SpecVersion(3, 2, 0));
    ctx.knownFields(storage, path, luks ? STORAGE_FIELDS_V3_2 : STORAGE_FIELDS);
    for (String section : List.of("disks", "raid", "filesystems", "luks")) {
      refusedSection(storage, section, path, refused);
    }
    claimPaths(storage, "directories", path);
    claimPaths(storage, "links", path);
    refusedSection(storage, "directories", path, refused);
    refusedSection(storage, "links", path, refused);
    Map<String, FileEntry> files = new LinkedHashMap<>();
    for (ParseContext.Element e : ctx.elements(storage, "files", path)) {
      parseFile(e).ifPresent(f -> files.put(f.path(), f));
    }
    return new ArrayList<>(files.values());
  }

  private void refusedSection(
      JsonNode storage, String section, String path, Map<String, String> refused) {
    ctx.array(storage, section, path)
        .filter(arr -> !arr.isEmpty())
        .ifPresent(arr -> refused.put("storage." + section, CanonicalJson.text(arr)));
  }

  private void claimPaths(JsonNode storage, String section, String path) {
    for (ParseContext.Element e : ctx.elements(storage, section, path)) {
      if (!e.node().isObject()) {
        ctx.error(e.path(), "must be an object, got " + ParseContext.describe(e.node()));
        continue;
      }
      validPath(e.node(), e.path()).ifPresent(p -> claim(p, e.path()));
    }
  }

  private Optional<FileEntry> parseFile(ParseContext.Element e) {
    JsonNode file = e.node();
    String path = e.path();
    if (!file.isObject()) {
      ctx.error(path, "must be an object, got " + ParseContext.describe(file));
      return Optional.empty();
    }
    boolean v2 = ctx.version().isV2();
    ctx.knownFields(file, path, v2 ? FILE_FIELDS_V2 : FILE_FIELDS_V3);
    if (v2) {
      ctx.string(file, "filesystem", path)
          .filter(fs -> !fs.equals("root"))
          .ifPresent(
              fs ->
                  ctx.error(
                      FieldPath.join(path, "filesystem"),
                      "only the \"root\" filesystem is supported, got " + ParseContext.quote(fs)));
    }
    Optional<String> filePath = validPath(file, path);
    filePath.ifPresent(p -> claim(p, path));
    int mode = mode(file, path, filePath.orElse("?"));
    Owner user = owner(file, "user", path);
    Owner group = owner(file, "group", path);
    boolean overwrite = ctx.bool(file, "overwrite", path).orElse(false);
    Optional<Bytes> contents =
        ctx.object(file, "contents", path)
            .map(c -> ContentsDecoder.decode(ctx, c, FieldPath.join(path, "contents")))
            .orElse(Optional.of(Bytes.EMPTY));
    List<Bytes> append = new ArrayList<>();
    if (v2) {
      if (ctx.bool(file, "append", path).orElse(false)) {
        append.add(contents.orElse(Bytes.EMPTY));
        contents = Optional.of(Bytes.EMPTY);
      }
    } else {
      for (ParseContext.Element a : ctx.elements(file, "append", path)) {
        if (a.node().isObject()) {
          ContentsDecoder.decode(ctx, a.node(), a.path()).ifPresent(append::add);
        } else {
          ctx.error(a.path(), "must be an object, got " + ParseContext.describe(a.node()));
        }
      }
    }
    if (filePath.isEmpty() || contents.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new FileEntry(filePath.get(), contents.get(), mode, user, group, overwrite, append));
  }

  private Optional<String> validPath(JsonNode node, String path) {
    Optional<String> p = ctx.string(node, "path", path);
    String ppath = FieldPath.join(path, "path");
    if (p.isEmpty()) {
      if (node.get("path") == null || node.get("path").isNull()) {
        ctx.error(ppath, "missing");
      }
      return Optional.empty();
    }
    Optional<String> problem = PathRules.problem(p.get());
    if (problem.isPresent()) {
      // Ignition refuses a relative or unclean path; the rest (limits, "/") is Ocelot's own.
      String named = p.get();
      if (!named.startsWith("/") || !StorageRules.clean(named).equals(named)) {
        ctx.error(ppath, problem.get());
      } else {
        ctx.ocelotError(ppath, problem.get());
      }
      return Optional.empty();
    }
    return p;
  }

  private void claim(String nodePath, String fieldPath) {
    String first = claimedPaths.putIfAbsent(nodePath, fieldPath);
    if (first == null) {
      return;
    }
    // Spec 2.x files of one path were folded before (LegacyDuplicates): this is an error.
    ctx.error(
        FieldPath.join(fieldPath, "path"),
        "duplicate path " + ParseContext.quote(nodePath) + " (also at " + first + ".path)");
  }

  private int mode(JsonNode file, String path, String filePath) {
    Optional<Integer> mode = ctx.integer(file, "mode", path);
    String mpath = FieldPath.join(path, "mode");
    if (mode.isEmpty()) {
      return FileEntry.DEFAULT_MODE;
    }
    if (mode.get() < 0) {
      ctx.error(mpath, "must not be negative, got " + mode.get());
    } else if (mode.get() > MAX_MODE) {
      // MCO's wording, with the field path in front.
      ctx.error(
          mpath,
          String.format(
              "invalid mode %#o for %s, cannot exceed %#o (JSON modes are decimal: 0644 is 420)",
              mode.get(), filePath, MAX_MODE));
    }
    return mode.get();
  }

  private Owner owner(JsonNode file, String field, String path) {
    String opath = FieldPath.join(path, field);
    Optional<JsonNode> node = ctx.object(file, field, path);
    if (node.isEmpty()) {
      return Owner.ROOT;
    }
    ctx.knownFields(node.get(), opath, OWNER_FIELDS);
    Optional<Integer> id = ctx.integer(node.get(), "id", opath);
    Optional<String> name = ctx.string(node.get(), "name", opath);
    id.filter(i -> i < 0)
        .ifPresent(i -> ctx.error(FieldPath.join(opath, "id"), "must not be negative, got " + i));
    // As Ignition: an empty name is no name, so an id beside it is fine.
    Optional<String> named = name.filter(n -> !n.isEmpty());
    if (id.isPresent() && named.isPresent()) {
      ctx.error(opath, "cannot set both id and name");
    }
    return new Owner(id, named);
  }
}
