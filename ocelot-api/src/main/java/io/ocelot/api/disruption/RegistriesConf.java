package io.ocelot.api.disruption;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What of {@code /etc/containers/registries.conf} (containers-registries.conf(5), version 2)
 * decides whether a change needs a drain: the unqualified-search list and each registry with its
 * mirrors. Pure; read from the file's bytes.
 */
public record RegistriesConf(List<String> unqualifiedSearch, List<Registry> registries) {
  private static final TomlMapper TOML = new TomlMapper();

  /** The value of {@code pull-from-mirror} that lets a mirror serve only pulls by digest. */
  public static final String DIGEST_ONLY = "digest-only";

  public RegistriesConf {
    unqualifiedSearch = List.copyOf(unqualifiedSearch);
    registries = List.copyOf(registries);
  }

  /** A {@code [[registry]]} table. */
  public record Registry(
      String prefix,
      String location,
      boolean blocked,
      boolean insecure,
      boolean mirrorByDigestOnly,
      List<Mirror> mirrors) {
    public Registry {
      mirrors = List.copyOf(mirrors);
    }

    /** What the registry applies to: its prefix, else its location (as containers/image). */
    public String scope() {
      return prefix.isEmpty() ? location : prefix;
    }
  }

  /** A {@code [[registry.mirror]]} table. */
  public record Mirror(String location, boolean insecure, String pullFromMirror) {}

  /** The file's settings; empty contents are the empty configuration. */
  public static RegistriesConf parse(String text) throws IOException {
    JsonNode root = TOML.readTree(text);
    if (root == null || root.isMissingNode()) {
      return new RegistriesConf(List.of(), List.of());
    }
    List<String> search = new ArrayList<>();
    root.path("unqualified-search-registries").forEach(r -> search.add(r.asText()));
    List<Registry> registries = new ArrayList<>();
    for (JsonNode r : root.path("registry")) {
      List<Mirror> mirrors = new ArrayList<>();
      for (JsonNode m : r.path("mirror")) {
        mirrors.add(
            new Mirror(
                m.path("location").asText(""),
                m.path("insecure").asBoolean(false),
                m.path("pull-from-mirror").asText("")));
      }
      registries.add(
          new Registry(
              r.path("prefix").asText(""),
              r.path("location").asText(""),
              r.path("blocked").asBoolean(false),
              r.path("insecure").asBoolean(false),
              r.path("mirror-by-digest-only").asBoolean(false),
              mirrors));
    }
    return new RegistriesConf(search, registries);
  }
}
