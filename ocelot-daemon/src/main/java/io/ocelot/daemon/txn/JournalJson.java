package io.ocelot.daemon.txn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.ignition.Bytes;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.Systemd;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/** The journal's JSON form, field by field, so that it stays readable and stable on disk. */
final class JournalJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private JournalJson() {}

  static ObjectNode write(Journal j) {
    ObjectNode o = F.objectNode();
    o.put("attemptId", j.attemptId());
    o.put("attempt", j.attempt());
    o.set("from", target(j.from()));
    o.set("to", target(j.to()));
    o.put("phase", j.phase().name());
    o.put("startedAt", j.startedAt().toString());
    ArrayNode entries = o.putArray("entries");
    for (Journal.Entry e : j.entries()) {
      ObjectNode eo = entries.addObject();
      eo.put("index", e.index());
      eo.put("summary", e.summary());
      eo.put("category", e.category().name());
      eo.put("state", e.state().name());
      e.note().ifPresent(n -> eo.put("note", n));
      ArrayNode rs = eo.putArray("restorations");
      e.restorations().forEach(r -> rs.add(restoration(r)));
    }
    return o;
  }

  static Journal read(JsonNode o) {
    List<Journal.Entry> entries = new ArrayList<>();
    for (JsonNode e : o.path("entries")) {
      List<Restoration> rs = new ArrayList<>();
      e.path("restorations").forEach(r -> rs.add(restoration(r)));
      entries.add(
          new Journal.Entry(
              e.path("index").asInt(),
              e.path("summary").asText(),
              JsonFields.enumValue(e, "category", Category.class),
              rs,
              JsonFields.enumValue(e, "state", Journal.StepState.class),
              text(e, "note")));
    }
    return new Journal(
        o.path("attemptId").asText(),
        o.path("attempt").asInt(1),
        target(o.path("from")),
        target(o.path("to")),
        JsonFields.enumValue(o, "phase", Journal.Phase.class),
        JsonFields.instant(o, "startedAt"),
        entries);
  }

  static ObjectNode target(Target t) {
    ObjectNode o = F.objectNode();
    o.put("config", t.config());
    t.image().ifPresent(i -> o.put("image", i));
    return o;
  }

  static Target target(JsonNode o) {
    return new Target(o.path("config").asText(), text(o, "image"));
  }

  private static ObjectNode restoration(Restoration r) {
    ObjectNode o = F.objectNode();
    if (r instanceof Restoration.RestoreFile f) {
      o.put("type", "file").put("path", f.path());
      f.before().ifPresent(s -> o.set("before", fileState(s)));
      ArrayNode dirs = o.putArray("createdDirs");
      f.createdDirs().forEach(dirs::add);
    } else if (r instanceof Restoration.RemoveNewEmptyDirs d) {
      o.put("type", "remove-new-empty-dirs").put("dir", d.dir());
      ArrayNode before = o.putArray("before");
      d.before().forEach(before::add);
    } else if (r instanceof Restoration.DisableUnit d) {
      o.put("type", "disable").put("unit", d.unit());
    } else if (r instanceof Restoration.RestoreEnablement e) {
      o.put("type", "enablement").put("unit", e.unit()).put("before", e.before().name());
    } else if (r instanceof Restoration.RestorePasswordHash p) {
      o.put("type", "password").put("user", p.user()).put("before", p.before());
    } else if (r instanceof Restoration.DiscardStaged) {
      o.put("type", "discard-staged");
    } else if (r instanceof Restoration.RerunService s) {
      o.put("type", "rerun-service").put("verb", s.verb()).put("unit", s.unit());
    } else {
      o.put("type", "reload-systemd");
    }
    return o;
  }

  private static Restoration restoration(JsonNode o) {
    return switch (o.path("type").asText()) {
      case "file" -> {
        List<String> dirs = new ArrayList<>();
        o.path("createdDirs").forEach(d -> dirs.add(d.asText()));
        JsonNode before = o.get("before");
        yield new Restoration.RestoreFile(
            o.path("path").asText(),
            before == null ? Optional.empty() : Optional.of(fileState(before)),
            dirs);
      }
      case "disable" -> new Restoration.DisableUnit(o.path("unit").asText());
      case "remove-new-empty-dirs" -> {
        List<String> before = new ArrayList<>();
        o.path("before").forEach(b -> before.add(b.asText()));
        yield new Restoration.RemoveNewEmptyDirs(o.path("dir").asText(), before);
      }
      case "enablement" ->
          new Restoration.RestoreEnablement(
              o.path("unit").asText(), JsonFields.enumValue(o, "before", Systemd.Enablement.class));
      case "password" ->
          new Restoration.RestorePasswordHash(o.path("user").asText(), o.path("before").asText());
      case "discard-staged" -> new Restoration.DiscardStaged();
      case "reload-systemd" -> new Restoration.ReloadSystemd();
      case "rerun-service" ->
          new Restoration.RerunService(o.path("verb").asText(), o.path("unit").asText());
      default -> throw new IllegalArgumentException("unknown restoration " + o.path("type"));
    };
  }

  private static ObjectNode fileState(FileState s) {
    ObjectNode o = F.objectNode();
    if (s instanceof FileState.Regular r) {
      o.put("kind", "file")
          .put("contents", Base64.getEncoder().encodeToString(r.contents().toArray()))
          .put("mode", r.mode())
          .put("uid", r.uid())
          .put("gid", r.gid());
    } else if (s instanceof FileState.Symlink l) {
      o.put("kind", "symlink").put("target", l.target());
    } else {
      FileState.Directory d = (FileState.Directory) s;
      o.put("kind", "directory").put("mode", d.mode()).put("uid", d.uid()).put("gid", d.gid());
    }
    return o;
  }

  private static FileState fileState(JsonNode o) {
    return switch (o.path("kind").asText()) {
      case "file" ->
          new FileState.Regular(
              Bytes.of(Base64.getDecoder().decode(o.path("contents").asText())),
              o.path("mode").asInt(),
              o.path("uid").asInt(),
              o.path("gid").asInt());
      case "symlink" -> new FileState.Symlink(o.path("target").asText());
      default ->
          new FileState.Directory(
              o.path("mode").asInt(), o.path("uid").asInt(), o.path("gid").asInt());
    };
  }

  private static Optional<String> text(JsonNode o, String field) {
    JsonNode n = o.get(field);
    return n == null || n.isNull() ? Optional.empty() : Optional.of(n.asText());
  }
}
