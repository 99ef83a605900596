package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Set;

/**
 * Ignition's rules for a resource a new node's Ignition fetches at first boot (a certificate
 * authority, a config to merge, a LUKS key file): source, compression, verification, HTTP headers
 * (coreos/ignition config/v3_5/types: resource.go, headers.go, verification.go, url.go).
 */
final class ResourceRules {
  static final SpecVersion V3_1 = new SpecVersion(3, 1, 0);
  private static final Set<String> RESOURCE_V3_0 = Set.of("source", "verification");
  private static final Set<String> RESOURCE_V3_1 =
      Set.of("source", "verification", "compression", "httpHeaders");

  private final ParseContext ctx;
  private final SpecVersion version;

  ResourceRules(ParseContext ctx) {
    this.ctx = ctx;
    this.version = ctx.version();
  }

  /**
   * An Ignition resource: source, compression, verification and HTTP headers. Returns false when it
   * is not an object or its source is missing where one is required (already reported).
   */
  boolean check(JsonNode res, String at, boolean sourceRequired) {
    if (!res.isObject()) {
      ctx.error(at, "must be an object, got " + ParseContext.describe(res));
      return false;
    }
    boolean v31 = version.atLeast(V3_1);
    ctx.knownFields(res, at, v31 ? RESOURCE_V3_1 : RESOURCE_V3_0);
    String source = ctx.string(res, "source", at).orElse("");
    if (sourceRequired && source.isEmpty()) {
      ctx.error(at, "source is required");
      return false;
    }
    if (!source.isEmpty()) {
      SourceUrls.problem(source).ifPresent(p -> ctx.error(at + ".source", p));
    }
    if (v31) {
      ctx.string(res, "compression", at)
          .filter(c -> !c.isEmpty() && !c.equals("gzip"))
          .ifPresent(c -> ctx.error(at + ".compression", "invalid compression method"));
      headers(res, at, source);
    }
    ctx.object(res, "verification", at)
        .ifPresent(
            v -> {
              ctx.knownFields(v, at + ".verification", Set.of("hash"));
              ctx.string(v, "hash", at + ".verification")
                  .ifPresent(h -> hash(h, source, at + ".verification.hash"));
            });
    return true;
  }

  private void hash(String hash, String source, String at) {
    if (source.isEmpty()) {
      ctx.error(at, "source must be specified if verification is specified");
      return;
    }
    hashProblem(hash).ifPresent(p -> ctx.error(at, p));
  }

  /**
   * Why Ignition refuses a {@code verification.hash}, in its words (verification.go): no dash, a
   * function other than sha512/sha256, a sum of the wrong length. Empty when it is well formed.
   */
  static java.util.Optional<String> hashProblem(String hash) {
    int dash = hash.indexOf('-');
    if (dash < 0) {
      return java.util.Optional.of("malformed hash specifier");
    }
    int hexLength =
        switch (hash.substring(0, dash)) {
          case "sha512" -> 128;
          case "sha256" -> 64;
          default -> -1;
        };
    if (hexLength < 0) {
      return java.util.Optional.of("unrecognized hash function");
    }
    return hash.length() - dash - 1 != hexLength
        ? java.util.Optional.of("incorrect size for hash sum")
        : java.util.Optional.empty();
  }

  private void headers(JsonNode res, String at, String source) {
    Set<String> names = new HashSet<>();
    boolean any = false;
    for (ParseContext.Element e : ctx.elements(res, "httpHeaders", at)) {
      any = true;
      if (!e.node().isObject()) {
        ctx.error(e.path(), "must be an object, got " + ParseContext.describe(e.node()));
        continue;
      }
      ctx.knownFields(e.node(), e.path(), Set.of("name", "value"));
      String name = ctx.string(e.node(), "name", e.path()).orElse("");
      if (name.isEmpty()) {
        ctx.error(e.path() + ".name", "HTTP header name can't be empty");
      }
      ctx.string(e.node(), "value", e.path())
          .filter(String::isEmpty)
          .ifPresent(v -> ctx.error(e.path() + ".value", "unable to parse HTTP header"));
      ctx.duplicate(names, name, e.path());
    }
    if (!any) {
      return;
    }
    String scheme = SourceUrls.scheme(source);
    if (source.isEmpty()) {
      ctx.error(at + ".httpHeaders", SourceUrls.UNPARSEABLE);
    } else if (!scheme.equals("http") && !scheme.equals("https")) {
      ctx.error(at + ".httpHeaders", "cannot use HTTP headers with this source scheme");
    }
  }
}
