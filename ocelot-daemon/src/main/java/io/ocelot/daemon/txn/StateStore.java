package io.ocelot.daemon.txn;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.json.Json;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostFiles;
import java.util.Optional;

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
    return read(JOURNAL).map(JournalJson::read);
  }

  void write(Journal journal, String point) throws HostException {
    write(JOURNAL, JournalJson.write(journal));
    checkpoint.reached(point);
  }

  void clearJournal(String point) throws HostException {
    files.delete(JOURNAL);
    checkpoint.reached(point);
  }

  public Optional<CommitMarker> marker() throws HostException {
    return read(MARKER).map(MarkerJson::read);
  }

  public void write(CommitMarker marker, String point) throws HostException {
    write(MARKER, MarkerJson.write(marker));
    checkpoint.reached(point);
  }

  public Optional<FailureRecord> lastFailure() throws HostException {
    return read(LAST_FAILURE).map(FailureJson::read);
  }

  void write(FailureRecord failure) throws HostException {
    write(LAST_FAILURE, FailureJson.write(failure));
  }

  void clearLastFailure() throws HostException {
    files.delete(LAST_FAILURE);
  }

  private Optional<JsonNode> read(String path) throws HostException {
    Optional<FileState> state = files.stat(path);
    if (state.isEmpty() || !(state.get() instanceof FileState.Regular r)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Json.MAPPER.readTree(r.contents().asUtf8()));
    } catch (JsonProcessingException e) {
      throw new HostException(path + " is corrupt: " + e.getOriginalMessage(), e);
    }
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
