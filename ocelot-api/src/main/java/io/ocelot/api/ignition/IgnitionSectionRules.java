package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Set;

/**
 * Ignition's rules for the {@code ignition} section: other configs to merge or replace, the proxy,
 * the certificate authorities and timeouts, which a new node's Ignition uses at first boot and a
 * running node never (coreos/ignition config/v3_5/types: ignition.go, proxy.go, tls.go,
 * resource.go, headers.go, verification.go). Ocelot also refuses a config to merge or replace with
 * a source: nothing would fetch it.
 */
final class IgnitionSectionRules {
  private static final Set<String> IGNITION_V2 =
      Set.of("version", "config", "security", "timeouts");
  private static final Set<String> IGNITION_V3_1 =
      Set.of("version", "config", "security", "timeouts", "proxy");
  private static final SpecVersion V3_1 = ResourceRules.V3_1;

  private final ParseContext ctx;
  private final SpecVersion version;
  private final ResourceRules resources;

  private IgnitionSectionRules(ParseContext ctx) {
    this.ctx = ctx;
    this.version = ctx.version();
    this.resources = new ResourceRules(ctx);
  }

  static void check(ParseContext ctx, JsonNode ignition) {
    new IgnitionSectionRules(ctx).ignition(ignition);
  }

  private void ignition(JsonNode ignition) {
    ctx.knownFields(ignition, "ignition", version.atLeast(V3_1) ? IGNITION_V3_1 : IGNITION_V2);
    ctx.object(ignition, "config", "ignition").ifPresent(this::config);
    ctx.object(ignition, "security", "ignition")
        .ifPresent(
            s -> {
              ctx.knownFields(s, "ignition.security", Set.of("tls"));
              ctx.object(s, "tls", "ignition.security").ifPresent(this::tls);
            });
    ctx.object(ignition, "timeouts", "ignition")
        .ifPresent(
            t -> {
              ctx.knownFields(t, "ignition.timeouts", Set.of("httpResponseHeaders", "httpTotal"));
              ctx.integer(t, "httpResponseHeaders", "ignition.timeouts");
              ctx.integer(t, "httpTotal", "ignition.timeouts");
            });
    if (version.atLeast(V3_1)) {
      ctx.object(ignition, "proxy", "ignition").ifPresent(this::proxy);
    }
  }

  private void config(JsonNode config) {
    String at = "ignition.config";
    String list = version.isV2() ? "append" : "merge";
    ctx.knownFields(config, at, Set.of(list, "replace"));
    Set<String> sources = new HashSet<>();
    for (ParseContext.Element e : ctx.elements(config, list, at)) {
      if (resources.check(e.node(), e.path(), true)) {
        ctx.duplicate(sources, e.node().path("source").asText(""), e.path());
        notFetched(e.path());
      }
    }
    ctx.object(config, "replace", at)
        .ifPresent(
            r -> {
              if (resources.check(r, at + ".replace", false) && hasSource(r)) {
                notFetched(at + ".replace");
              }
            });
  }

  private void notFetched(String at) {
    ctx.ocelotError(
        at + ".source",
        "is not applied: a running node fetches no other config (nor does MCO's); put its"
            + " contents in this MachineConfig");
  }

  private void tls(JsonNode tls) {
    String at = "ignition.security.tls";
    ctx.knownFields(tls, at, Set.of("certificateAuthorities"));
    Set<String> sources = new HashSet<>();
    for (ParseContext.Element e : ctx.elements(tls, "certificateAuthorities", at)) {
      if (resources.check(e.node(), e.path(), true)) {
        ctx.duplicate(sources, e.node().path("source").asText(""), e.path());
      }
    }
  }

  private void proxy(JsonNode proxy) {
    String at = "ignition.proxy";
    ctx.knownFields(proxy, at, Set.of("httpProxy", "httpsProxy", "noProxy"));
    ctx.string(proxy, "httpProxy", at).ifPresent(p -> proxyUrl(p, at + ".httpProxy", true));
    ctx.string(proxy, "httpsProxy", at).ifPresent(p -> proxyUrl(p, at + ".httpsProxy", false));
    Set<String> seen = new HashSet<>();
    for (ParseContext.Element e : ctx.elements(proxy, "noProxy", at)) {
      if (!e.node().isTextual()) {
        ctx.error(e.path(), "must be a string, got " + ParseContext.describe(e.node()));
      } else {
        ctx.duplicate(seen, e.node().asText(), e.path());
      }
    }
  }

  private void proxyUrl(String url, String at, boolean httpOk) {
    if (SourceUrls.problem(url).filter(SourceUrls.UNPARSEABLE::equals).isPresent()) {
      ctx.error(at, SourceUrls.UNPARSEABLE);
      return;
    }
    String scheme = SourceUrls.scheme(url);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      ctx.error(at, "proxies must be http(s)");
    } else if (scheme.equals("http") && !httpOk) {
      ctx.warn(at, "insecure plaintext HTTP proxy specified for HTTPS resources");
    }
  }

  private static boolean hasSource(JsonNode resource) {
    JsonNode source = resource.path("source");
    return source.isTextual() && !source.asText().isEmpty();
  }
}
