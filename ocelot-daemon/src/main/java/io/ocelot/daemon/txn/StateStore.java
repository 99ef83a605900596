package io.ocelot.daemon.txn;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.json.Json;
import io.ocelot.api.text.Printable;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The daemon's durable state on the host, under {@value #DIR} (kept across deployments, unlike
 * {@code /etc}): the journal, the commit marker and the last failure. Every write is atomic.
 */
public final class StateStore {
  public static final String DIR = "/var/lib/ocelot";
  public static final String JOURNAL = DIR + "/journal.jsonl";

  /** Where builds before the journal became a log kept it (whole, rewritten per step). */
  static final String WHOLE_JOURNAL = DIR + "/journal.json";

  public static final String MARKER = DIR + "/marker.json";
  public static final String LAST_FAILURE = DIR + "/last-failure.json";

  /**
   * The storage sections this node kept when it skipped an overridden change (its own disks,
   * filesystems, RAID), by Ignition section: what its MachineConfigNode's irreconcilableChanges are
   * measured from.
   */
  public static final String STORAGE_BASELINE = DIR + "/storage-baseline.json";

  /** Leaves the file open: the appender fsyncs and closes it. */
  private static final ObjectWriter LINE =
      Json.MAPPER.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

  private final HostFiles files;
  private final Checkpoint checkpoint;

  public StateStore(HostFiles files, Checkpoint checkpoint) {
    this.files = files;
    this.checkpoint = checkpoint;
  }

  public Optional<Journal> journal() throws HostException {
    if (files.stat(WHOLE_JOURNAL).isPresent()) {
      throw corrupt(
          WHOLE_JOURNAL,
          "a journal in the whole-file form of earlier builds, which this build does not read;"
              + " finish or roll back its update with the build that wrote it");
    }
    Optional<FileState> state = files.stat(JOURNAL);
    if (state.isEmpty()) {
      return Optional.empty();
    }
    if (!(state.get() instanceof FileState.Regular r)) {
      throw corrupt(JOURNAL, "it is not a regular file");
    }
    String text = r.contents().asUtf8();
    // A crash during an append leaves at most one unterminated line: that record never counted.
    int end = text.lastIndexOf('\n') + 1;
    String[] complete = text.substring(0, end).split("\n");
    List<JsonNode> lines = new ArrayList<>();
    for (int i = 0; i < complete.length; i++) {
      lines.add(object(JOURNAL, "line " + (i + 1) + ": ", complete[i]));
    }
    try {
      return Optional.of(JournalJson.read(lines));
    } catch (RuntimeException e) {
      throw corrupt(
          JOURNAL, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
  }

  /** Starts the journal of a new attempt (replacing any other), atomically. */
  void begin(Journal journal, String point) throws HostException {
    StringBuilder text = new StringBuilder();
    for (JsonNode line : JournalJson.lines(journal)) {
      text.append(line).append('\n');
    }
    files.write(JOURNAL, Bytes.utf8(text.toString()), 0600, 0, 0);
    checkpoint.reached(point);
  }

  /** Records a step observed (with how to undo it), before the step touches the host. */
  void observed(Journal.Entry entry, String point) throws HostException {
    append(JournalJson.entry(entry), point);
  }

  /** Records a recorded step's new state. */
  void stepState(Journal.Entry entry, String point) throws HostException {
    append(JournalJson.state(entry), point);
  }

  void phase(Journal.Phase phase, String point) throws HostException {
    append(JournalJson.phase(phase), point);
  }

  private void append(ObjectNode line, String point) throws HostException {
    files.append(
        JOURNAL,
        out -> {
          LINE.writeValue(out, line);
          out.write('\n');
        });
    checkpoint.reached(point);
  }

  /**
   * A moment that is not a write but where a crash matters (an action done, its journal entry not
   * yet updated): the crash tests' failpoint fires here too.
   */
  void reached(String point) {
    checkpoint.reached(point);
  }

  void clearJournal(String point) throws HostException {
    files.delete(JOURNAL);
    checkpoint.reached(point);
  }

  public Optional<CommitMarker> marker() throws HostException {
    return read(MARKER, MarkerJson::read);
  }

  public void write(CommitMarker marker, String point) throws HostException {
    write(MARKER, MarkerJson.write(marker));
    checkpoint.reached(point);
  }

  public Optional<FailureRecord> lastFailure() throws HostException {
    return read(LAST_FAILURE, FailureJson::read);
  }

  void write(FailureRecord failure) throws HostException {
    write(LAST_FAILURE, FailureJson.write(failure));
  }

  public void clearLastFailure() throws HostException {
    files.delete(LAST_FAILURE);
  }

  /** The storage baseline, section → its JSON as the node has it ("" for none); empty: none. */
  public java.util.Map<String, String> storageBaseline() throws HostException {
    return read(
            STORAGE_BASELINE,
            tree -> {
              java.util.Map<String, String> out = new java.util.TreeMap<>();
              tree.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
              return out;
            })
        .orElse(java.util.Map.of());
  }

  /** Replaces the storage baseline; an empty one removes the file. */
  public void writeStorageBaseline(java.util.Map<String, String> baseline) throws HostException {
    if (baseline.isEmpty()) {
      files.delete(STORAGE_BASELINE);
      return;
    }
    ObjectNode json = Json.MAPPER.createObjectNode();
    baseline.forEach(json::put);
    write(STORAGE_BASELINE, json);
  }

  /**
   * A state file, or empty when there is none. A file that is not valid (truncated by a crash of
   * something other than us, edited by hand, from a newer version) stops the engine: guessing what
   * is in flight could undo or finish the wrong thing, so the host is left untouched and the
   * message says which file and what to do.
   */
  private <T> Optional<T> read(String path, Function<JsonNode, T> parse) throws HostException {
    Optional<FileState> state = files.stat(path);
    if (state.isEmpty()) {
      return Optional.empty();
    }
    if (!(state.get() instanceof FileState.Regular r)) {
      throw corrupt(path, "it is not a regular file");
    }
    JsonNode tree = object(path, "", r.contents().asUtf8());
    try {
      return Optional.of(parse.apply(tree));
    } catch (RuntimeException e) {
      throw corrupt(path, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
  }

  private static JsonNode object(String path, String where, String text) throws HostException {
    JsonNode tree;
    try {
      tree = Json.MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw corrupt(path, where + "not valid JSON: " + e.getOriginalMessage());
    }
    if (tree == null || !tree.isObject()) {
      throw corrupt(path, where + "expected a JSON object");
    }
    return tree;
  }

  private static HostException corrupt(String path, String why) {
    return new HostException(
        "the engine's state file "
            + path
            + " is corrupt ("
            + Printable.escape(why)
            + "); nothing on the host was changed: check the host, then move the file aside"
            + " (for example to "
            + path
            + ".corrupt) and the engine starts from what the host shows");
  }

  private void write(String path, ObjectNode json) throws HostException {
    try {
      String text = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json) + "\n";
      files.write(path, Bytes.utf8(text), 0600, 0, 0);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serializes", e);
    }
  }
}
