package io.ocelot.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.ignition.Problem;
import io.ocelot.api.operator.MachineConfiguration;
import io.ocelot.api.operator.Operator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Validates a MachineConfiguration's node disruption policy with the rules its CRD gives the API
 * server, so that {@code ocelot validate} and {@code ocelot plan --policy} refuse what a cluster
 * would, with the field named.
 */
public final class MachineConfigurationCheck {
  private static final Set<String> TYPES =
      Set.of("Reboot", "Drain", "Reload", "Restart", "DaemonReload", "None");
  private static final Pattern SERVICE =
      Pattern.compile(
          "[a-zA-Z0-9:._\\\\-]+\\.(service|socket|device|mount|automount|swap|target|path|timer"
              + "|snapshot|slice|scope)");
  private static final int MAX_ENTRIES = 50;
  private static final int MAX_ACTIONS = 10;

  private MachineConfigurationCheck() {}

  public static CheckResult<MachineConfiguration> check(JsonNode obj) {
    List<Problem> problems = new ArrayList<>();
    ObjectRules.check(obj, "MachineConfiguration", Operator.API_VERSION, problems);
    String name = obj.path("metadata").path("name").asText("");
    if (!name.isEmpty() && !name.equals(Operator.CLUSTER)) {
      problems.add(
          Problem.error(
              "metadata.name", "MachineConfiguration is a singleton: its name must be cluster"));
    }
    JsonNode policy = obj.path("spec").path("nodeDisruptionPolicy");
    String at = "spec.nodeDisruptionPolicy";
    entries(policy.path("files"), at + ".files", "path", problems);
    entries(policy.path("units"), at + ".units", "name", problems);
    for (int i = 0; i < policy.path("files").size(); i++) {
      String path = policy.path("files").get(i).path("path").asText("");
      if (!path.isEmpty() && !path.startsWith("/")) {
        problems.add(Problem.error(at + ".files[" + i + "].path", "path must be an absolute path"));
      }
    }
    for (int i = 0; i < policy.path("units").size(); i++) {
      service(policy.path("units").get(i).path("name"), at + ".units[" + i + "].name", problems);
    }
    if (policy.has("sshkey")) {
      actions(policy.path("sshkey").path("actions"), at + ".sshkey.actions", problems);
    }
    return new CheckResult<>(
        "MachineConfiguration",
        name,
        problems,
        ObjectRules.bind(obj, MachineConfiguration.class, problems));
  }

  private static void entries(JsonNode list, String at, String key, List<Problem> problems) {
    if (list.size() > MAX_ENTRIES) {
      problems.add(Problem.error(at, "at most " + MAX_ENTRIES + " entries, got " + list.size()));
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < list.size(); i++) {
      String value = list.get(i).path(key).asText("");
      if (value.isEmpty()) {
        problems.add(Problem.error(at + "[" + i + "]." + key, "missing"));
      } else if (!seen.add(value)) {
        problems.add(Problem.error(at + "[" + i + "]." + key, "duplicate entry \"" + value + "\""));
      }
      actions(list.get(i).path("actions"), at + "[" + i + "].actions", problems);
    }
  }

  private static void actions(JsonNode actions, String at, List<Problem> problems) {
    if (actions.size() < 1 || actions.size() > MAX_ACTIONS) {
      problems.add(
          Problem.error(at, "between 1 and " + MAX_ACTIONS + " actions, got " + actions.size()));
    }
    for (int i = 0; i < actions.size(); i++) {
      JsonNode a = actions.get(i);
      String where = at + "[" + i + "]";
      String type = a.path("type").asText("");
      if (!TYPES.contains(type)) {
        problems.add(
            Problem.error(
                where + ".type",
                "\""
                    + type
                    + "\" is not one of Reboot, Drain, Reload, Restart, DaemonReload, None"
                    + (type.equals("Special")
                        ? " (Special is an action only the cluster's default policies use)"
                        : "")));
      }
      if ((type.equals("Reboot") || type.equals("None")) && actions.size() > 1) {
        problems.add(
            Problem.error(
                where + ".type",
                type + " can only be specified standalone, as it overrides any other actions"));
      }
      serviceRef(a, "reload", type.equals("Reload"), where, problems);
      serviceRef(a, "restart", type.equals("Restart"), where, problems);
    }
  }

  private static void serviceRef(
      JsonNode action, String field, boolean required, String where, List<Problem> problems) {
    if (required && !action.has(field)) {
      problems.add(
          Problem.error(where + "." + field, field + " is required when type is " + cap(field)));
    } else if (!required && action.has(field)) {
      problems.add(
          Problem.error(where + "." + field, field + " is forbidden unless type is " + cap(field)));
    } else if (required) {
      service(
          action.path(field).path("serviceName"), where + "." + field + ".serviceName", problems);
    }
  }

  private static void service(JsonNode name, String where, List<Problem> problems) {
    String s = name.asText("");
    if (s.isEmpty()) {
      problems.add(Problem.error(where, "missing"));
    } else if (s.length() > 255 || !SERVICE.matcher(s).matches()) {
      problems.add(
          Problem.error(
              where,
              "\""
                  + s
                  + "\" is not a unit name: letters, digits, ':', '-', '_', '.' and '\\', then"
                  + " .service, .socket, .device, .mount, .automount, .swap, .target, .path,"
                  + " .timer, .snapshot, .slice or .scope"));
    }
  }

  private static String cap(String field) {
    return Character.toUpperCase(field.charAt(0)) + field.substring(1);
  }
}
