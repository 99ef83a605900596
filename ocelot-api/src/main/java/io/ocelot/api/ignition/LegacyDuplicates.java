package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What MCO does to a spec 2.x config before it translates it (its {@code
 * removeIgnDuplicateFilesUnitsUsers} and {@code dedupePasswdUserSSHKeys}): configs carried through
 * cluster upgrades hold duplicates that 3.x would refuse. The later file of a path wins; the later
 * unit of a name wins and keeps the earlier units' dropins it does not have; the users, all {@code
 * core}, fold into the last one with every SSH key once. Each fold is a warning at the entry it
 * drops; a user other than {@code core} is MCO's error.
 */
public final class LegacyDuplicates {
  /** The folded config (a copy) and what was folded or refused. */
  public record Folded(JsonNode config, List<Problem> problems) {}

  private LegacyDuplicates() {}

  /** Folds a 2.x config; any other value is returned as it is. */
  public static Folded fold(JsonNode config) {
    List<Problem> problems = new ArrayList<>();
    if (!(config instanceof ObjectNode)) {
      return new Folded(config, problems);
    }
    ObjectNode out = config.deepCopy();
    if (out.path("storage").path("files") instanceof ArrayNode files) {
      lastWins(files, "path", "storage.files", problems, "duplicate path", "");
    }
    if (out.path("systemd").path("units") instanceof ArrayNode units) {
      foldUnits(units, problems);
    }
    if (out.path("passwd").path("users") instanceof ArrayNode users) {
      foldUsers(users, problems);
    }
    return new Folded(out, problems);
  }

  /** Keeps the last entry of each key, in the order of the kept entries. */
  private static Map<String, Integer> lastWins(
      ArrayNode list, String key, String at, List<Problem> problems, String what, String extra) {
    Map<String, Integer> last = new LinkedHashMap<>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode k = list.get(i).path(key);
      if (k.isTextual()) {
        last.put(k.asText(), i);
      }
    }
    List<JsonNode> kept = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode k = list.get(i).path(key);
      Integer winner = k.isTextual() ? last.get(k.asText()) : Integer.valueOf(i);
      if (winner == i) {
        kept.add(list.get(i));
      } else {
        problems.add(
            Problem.warning(
                at + "[" + i + "]." + key,
                what
                    + " "
                    + ParseContext.quote(k.asText())
                    + " (also at "
                    + at
                    + "["
                    + winner
                    + "]."
                    + key
                    + "); the later entry wins"
                    + extra));
      }
    }
    list.removeAll();
    kept.forEach(list::add);
    return last;
  }

  private static void foldUnits(ArrayNode units, List<Problem> problems) {
    List<JsonNode> original = new ArrayList<>();
    units.forEach(original::add);
    Map<String, Integer> last =
        lastWins(
            units,
            "name",
            "systemd.units",
            problems,
            "duplicate unit",
            ", with the dropins it does not have");
    // As MCO: from the newest duplicate back, dropins of a name the winner lacks are appended.
    for (int i = original.size() - 1; i >= 0; i--) {
      JsonNode name = original.get(i).path("name");
      if (!name.isTextual() || last.get(name.asText()) == i) {
        continue;
      }
      ObjectNode winner = (ObjectNode) original.get(last.get(name.asText()));
      for (JsonNode dropin : original.get(i).path("dropins")) {
        ArrayNode have =
            winner.path("dropins") instanceof ArrayNode a ? a : winner.putArray("dropins");
        boolean present = false;
        for (JsonNode d : have) {
          present |= d.path("name").equals(dropin.path("name"));
        }
        if (!present) {
          have.add(dropin);
        }
      }
    }
  }

  private static void foldUsers(ArrayNode users, List<Problem> problems) {
    boolean allCore = true;
    for (int i = 0; i < users.size(); i++) {
      JsonNode name = users.get(i).path("name");
      if (name.isTextual() && !name.asText().equals("core")) {
        problems.add(
            Problem.error(
                "passwd.users[" + i + "].name",
                "unexpected user with name: "
                    + ParseContext.quote(name.asText())
                    + ". Only core user is supported (MCO, spec 2.x)"));
        allCore = false;
      }
    }
    if (!allCore || users.isEmpty() || !users.get(users.size() - 1).isObject()) {
      return;
    }
    int lastIndex = users.size() - 1;
    ObjectNode last = (ObjectNode) users.get(lastIndex);
    List<JsonNode> keys = new ArrayList<>();
    List<String> from = new ArrayList<>();
    collect(last, lastIndex, keys, from);
    for (int i = lastIndex - 1; i >= 0; i--) {
      collect(users.get(i), i, keys, from);
      problems.add(
          Problem.warning(
              "passwd.users[" + i + "]",
              "the user is core again (also at passwd.users["
                  + lastIndex
                  + "]); its SSH keys join the last entry, the rest of it is dropped"));
    }
    if (keys.isEmpty()) {
      users.removeAll();
      users.add(last);
      return;
    }
    ArrayNode deduped = last.putArray("sshAuthorizedKeys");
    Set<String> seen = new HashSet<>();
    for (int k = 0; k < keys.size(); k++) {
      if (seen.add(keys.get(k).asText())) {
        deduped.add(keys.get(k));
      } else {
        problems.add(Problem.warning(from.get(k), "duplicate SSH public key found; dropped"));
      }
    }
    users.removeAll();
    users.add(last);
  }

  private static void collect(JsonNode user, int index, List<JsonNode> keys, List<String> from) {
    JsonNode list = user.path("sshAuthorizedKeys");
    if (!list.isArray()) {
      return; // the parser reports the type
    }
    for (int k = 0; k < list.size(); k++) {
      keys.add(list.get(k));
      from.add("passwd.users[" + index + "].sshAuthorizedKeys[" + k + "]");
    }
  }
}
