package io.ocelot.daemon.txn;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.json.Json;
import io.ocelot.api.text.Printable;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostFiles;
import java.util.Optional;
import java.util.function.Function;

/**
 * The daemon's durable state on the host, under {@value #DIR} (kept across deployments, unlike
 * {@code /etc}): the journal, the commit marker and the last failure. Every write is atomic.
 */
public final class StateStore {
  public static final String DIR = "/var/lib/ocelot";
  public static final String JOURNAL = DIR + "/journal.json";
  public static final String MARKER = DIR + "/marker.json";
  public static final String LAST_FAILURE = DIR + "/last-failure.json";

  private final HostFiles files;
  private final Checkpoint checkpoint;

  public StateStore(HostFiles files, Checkpoint checkpoint) {
    this.files = files;
    this.checkpoint = checkpoint;
  }

  public Optional<Journal> journal() throws HostException {
    return read(JOURNAL, JournalJson::read);
  }

  void write(Journal journal, String point) throws HostException {
    write(JOURNAL, JournalJson.write(journal));
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
    JsonNode tree;
    try {
      tree = Json.MAPPER.readTree(r.contents().asUtf8());
    } catch (JsonProcessingException e) {
      throw corrupt(path, "not valid JSON: " + e.getOriginalMessage());
    }
    if (tree == null || !tree.isObject()) {
      throw corrupt(path, "expected a JSON object");
    }
    try {
      return Optional.of(parse.apply(tree));
    } catch (RuntimeException e) {
      throw corrupt(path, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
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
