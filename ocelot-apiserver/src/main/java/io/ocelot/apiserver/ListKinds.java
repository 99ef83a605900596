package io.ocelot.apiserver;

import java.util.List;
import java.util.Optional;

/**
 * The store answers every list as {@code kind: List}; a real API server says {@code EventList},
 * {@code NodeList}, ... and typed clients (kubectl's describers among them) decode by that kind, so
 * an untyped list reads as empty to them. This names the list by the resource its path lists.
 */
final class ListKinds {
  private ListKinds() {}

  /** The {@code apiVersion} and {@code kind} of the list a GET of {@code path} returns. */
  record ListType(String apiVersion, String kind) {}

  static Optional<ListType> of(String path, List<ApiResource> resources) {
    String p = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    String[] s = p.substring(1).split("/");
    String group;
    String version;
    int rest;
    if (s.length >= 3 && s[0].equals("api")) {
      group = "";
      version = s[1];
      rest = 2;
    } else if (s.length >= 4 && s[0].equals("apis")) {
      group = s[1];
      version = s[2];
      rest = 3;
    } else {
      return Optional.empty();
    }
    int left = s.length - rest;
    String plural;
    if (left == 1) {
      plural = s[rest];
    } else if (left == 3 && s[rest].equals("namespaces")) {
      plural = s[rest + 2];
    } else {
      return Optional.empty();
    }
    return resources.stream()
        .filter(r -> r.group().equals(group) && r.version().equals(version))
        .filter(r -> r.plural().equals(plural))
        .findFirst()
        .map(r -> new ListType(r.groupVersion(), r.kind() + "List"));
  }
}
