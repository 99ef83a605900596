package io.ocelot.daemon.txn;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.ignition.Bytes;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.Systemd;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The journal's on-disk form: JSON lines, so that recording a step appends one line instead of
 * rewriting every step before it (an update of n steps writes O(n) bytes, not O(n²)). The first
 * line is the attempt ({@link #header}); each later line is a step observed ({@link #entry}, with
 * how to undo it), a step's new state ({@link #state}) or a new phase ({@link #phase}). Reading
 * replays the lines in order.
 */
final class JournalJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private JournalJson() {}

  /** The first line: the attempt and its steps so far (none for a new attempt). */
  static List<ObjectNode> lines(Journal j) {
    ObjectNode o = F.objectNode();
    o.put("journal", 1);
    o.put("attemptId", j.attemptId());
    o.put("attempt", j.attempt());
    o.set("from", target(j.from()));
    o.set("to", target(j.to()));
    o.put("phase", j.phase().name());
    o.put("startedAt", j.startedAt().toString());
    j.origin()
        .ifPresent(
            origin ->
                o.putObject("origin")
                    .put("bootId", origin.bootId())
                    .put("bootedDeployment", origin.bootedDeployment()));
    List<ObjectNode> out = new ArrayList<>();
    out.add(o);
    j.entries().forEach(e -> out.add(entry(e)));
    return out;
  }

  /** A step observed: what it changes and how to put it back. */
  static ObjectNode entry(Journal.Entry e) {
    ObjectNode eo = F.objectNode();
    eo.put("index", e.index());
    eo.put("summary", e.summary());
    eo.put("category", e.category().name());
    eo.put("state", e.state().name());
    e.note().ifPresent(n -> eo.put("note", n));
    ArrayNode rs = eo.putArray("restorations");
    e.restorations().forEach(r -> rs.add(restoration(r)));
    return eo;
  }

  /** A step's new state (and note); its restorations stay as first recorded. */
  static ObjectNode state(Journal.Entry e) {
    ObjectNode o = F.objectNode();
    o.put("index", e.index());
    o.put("state", e.state().name());
    e.note().ifPresent(n -> o.put("note", n));
    return o;
  }

  static ObjectNode phase(Journal.Phase p) {
    return F.objectNode().put("phase", p.name());
  }

  /** Replays the lines; the first must be the attempt's. */
  static Journal read(List<JsonNode> lines) {
    if (lines.isEmpty()) {
      throw new IllegalArgumentException("no attempt line");
    }
    JsonNode head = lines.get(0);
    if (head.path("journal").asInt() != 1) {
      throw new IllegalArgumentException("line 1: not a journal of this version (field journal)");
    }
    Journal.Phase phase = JsonFields.enumValue(head, "phase", Journal.Phase.class);
    List<Journal.Entry> entries = new ArrayList<>();
    for (int n = 1; n < lines.size(); n++) {
      JsonNode line = lines.get(n);
      try {
        if (line.has("restorations")) {
          Journal.Entry e = readEntry(line);
          if (e.index() != entries.size()) {
            throw new IllegalArgumentException("step " + e.index() + " out of order");
          }
          entries.add(e);
        } else if (line.has("index")) {
          int i = line.path("index").asInt(-1);
          if (i < 0 || i >= entries.size()) {
            throw new IllegalArgumentException("state of unknown step " + line.path("index"));
          }
          Journal.Entry e = entries.get(i);
          entries.set(
              i,
              new Journal.Entry(
                  i,
                  e.summary(),
                  e.category(),
                  e.restorations(),
                  JsonFields.enumValue(line, "state", Journal.StepState.class),
                  text(line, "note")));
        } else {
          phase = JsonFields.enumValue(line, "phase", Journal.Phase.class);
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("line " + (n + 1) + ": " + e.getMessage(), e);
      }
    }
    return new Journal(
        head.path("attemptId").asText(),
        head.path("attempt").asInt(1),
        target(head.path("from")),
        target(head.path("to")),
        phase,
        JsonFields.instant(head, "startedAt"),
        head.has("origin")
            ? Optional.of(
                new Journal.Origin(
                    head.path("origin").path("bootId").asText(),
                    head.path("origin").path("bootedDeployment").asText()))
            : Optional.empty(),
        entries);
  }

  private static Journal.Entry readEntry(JsonNode e) {
    List<Restoration> rs = new ArrayList<>();
    e.path("restorations").forEach(r -> rs.add(restoration(r)));
    return new Journal.Entry(
        e.path("index").asInt(),
        e.path("summary").asText(),
        JsonFields.enumValue(e, "category", Category.class),
        rs,
        JsonFields.enumValue(e, "state", Journal.StepState.class),
        text(e, "note"));
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
          .putPOJO("contents", base64(r.contents()))
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

  /** Base64 written straight from the contents, without a copy of them or of their text. */
  private static JsonSerializable base64(Bytes contents) {
    return new JsonSerializable.Base() {
      @Override
      public void serialize(JsonGenerator gen, SerializerProvider provider) throws IOException {
        gen.writeBinary(contents.stream(), contents.size());
      }

      @Override
      public void serializeWithType(
          JsonGenerator gen, SerializerProvider provider, TypeSerializer type) throws IOException {
        serialize(gen, provider);
      }
    };
  }

  private static FileState fileState(JsonNode o) {
    return switch (o.path("kind").asText()) {
      case "file" ->
          new FileState.Regular(
              Bytes.adopt(Base64.getDecoder().decode(o.path("contents").asText())),
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
