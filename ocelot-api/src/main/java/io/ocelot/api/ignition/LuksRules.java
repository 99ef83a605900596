package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import java.util.HashSet;
import java.util.Set;

/**
 * Ignition's rules for a LUKS volume and how it is unlocked: clevis (tpm2, tang servers, a custom
 * pin), a key file, an IBM CEX card (spec 3.2+; coreos/ignition config/v3_5/types: luks.go,
 * clevis.go, tang.go, cex.go). Ignition's words at Ignition's field paths.
 */
final class LuksRules {
  private static final SpecVersion V3_4 = new SpecVersion(3, 4, 0);
  private static final Set<String> LUKS_V3_2 =
      Set.of("clevis", "device", "keyFile", "label", "name", "options", "uuid", "wipeVolume");
  private static final Set<String> LUKS_V3_4 =
      DeviceRules.plus(LUKS_V3_2, "discard", "openOptions");
  private static final Set<String> LUKS_V3_5 = DeviceRules.plus(LUKS_V3_4, "cex");
  private static final Set<String> TANG_V3_2 = Set.of("thumbprint", "url");
  private static final Set<String> TANG_V3_4 = DeviceRules.plus(TANG_V3_2, "advertisement");
  private static final Set<String> PINS = Set.of("tpm2", "tang", "sss");

  private final ParseContext ctx;
  private final SpecVersion version;

  private LuksRules(ParseContext ctx) {
    this.ctx = ctx;
    this.version = ctx.version();
  }

  static void check(ParseContext ctx, JsonNode luks, String at) {
    new LuksRules(ctx).luks(luks, at);
  }

  private void luks(JsonNode l, String at) {
    ctx.knownFields(
        l,
        at,
        version.atLeast(SpecVersion.V3_5)
            ? LUKS_V3_5
            : version.atLeast(V3_4) ? LUKS_V3_4 : LUKS_V3_2);
    if (ctx.string(l, "name", at).orElse("").contains("/")) {
      ctx.error(at + ".name", "device names cannot contain slashes");
    }
    if (DeviceRules.bytes(ctx.string(l, "label", at).orElse("")) > 47) {
      ctx.error(at + ".label", "luks device labels cannot be longer than 47 characters");
    }
    String device = ctx.string(l, "device", at).orElse("");
    if (device.isEmpty()) {
      ctx.error(at + ".device", "disk device is required");
    } else {
      DeviceRules.devicePath(device).ifPresent(p -> ctx.error(at + ".device", p));
    }
    ctx.string(l, "uuid", at);
    ctx.bool(l, "wipeVolume", at);
    ctx.bool(l, "discard", at);
    ctx.strings(l, "options", at);
    Set<String> seen = new HashSet<>();
    for (ParseContext.Element o : ctx.elements(l, "openOptions", at)) {
      ctx.duplicate(seen, o.node().asText(""), o.path());
    }
    String keySource = keyFile(l, at);
    boolean clevis = ctx.object(l, "clevis", at).map(c -> clevis(c, at + ".clevis")).orElse(false);
    boolean cex =
        version.atLeast(SpecVersion.V3_5)
            && ctx.object(l, "cex", at)
                .flatMap(c -> ctx.bool(c, "enabled", at + ".cex"))
                .orElse(false);
    if (clevis && cex) {
      ctx.error(at + ".cex", "cannot use cex with clevis");
    }
    if (cex && !keySource.isEmpty()) {
      ctx.error(at + ".cex", "cannot use key file with cex");
    }
  }

  /** The key file's source ("" when none); a source Ignition cannot fetch is reported twice. */
  private String keyFile(JsonNode l, String at) {
    return ctx.object(l, "keyFile", at)
        .map(
            k -> {
              new ResourceRules(ctx).check(k, at + ".keyFile", false);
              String source = k.path("source").asText("");
              if (!source.isEmpty() && SourceUrls.problem(source).isPresent()) {
                ctx.error(at + ".keys", "invalid key-file source");
              }
              return source;
            })
        .orElse("");
  }

  /** Checks clevis; true when it is present (something would unlock the volume through it). */
  private boolean clevis(JsonNode c, String at) {
    ctx.knownFields(c, at, Set.of("custom", "tang", "threshold", "tpm2"));
    boolean tpm2 = ctx.bool(c, "tpm2", at).orElse(false);
    int threshold = ctx.integer(c, "threshold", at).orElse(0);
    Set<String> urls = new HashSet<>();
    int tangs = 0;
    for (ParseContext.Element t : ctx.objects(c, "tang", at, true)) {
      tang(t.node(), t.path());
      ctx.duplicate(urls, t.node().path("url").asText(""), t.path());
      tangs++;
    }
    boolean others = tangs > 0 || tpm2 || threshold != 0;
    java.util.Optional<JsonNode> custom = ctx.object(c, "custom", at);
    String pin = custom.map(cu -> custom(cu, at + ".custom")).orElse("");
    // Spec 3.2 refuses any custom object beside the others; 3.3 on, a custom pin.
    boolean customSet = version.atLeast(SpecVersion.V3_3) ? !pin.isEmpty() : custom.isPresent();
    if (customSet && others) {
      ctx.error(at, "cannot use custom clevis config with tpm2, tang, or threshold");
    }
    return !pin.isEmpty() || others;
  }

  /** Checks a custom pin and returns it ("" when none). */
  private String custom(JsonNode cu, String at) {
    ctx.knownFields(cu, at, Set.of("config", "needsNetwork", "pin"));
    String pin = ctx.string(cu, "pin", at).orElse("");
    String config = ctx.string(cu, "config", at).orElse("");
    boolean network = ctx.bool(cu, "needsNetwork", at).orElse(false);
    if (pin.isEmpty() && config.isEmpty() && !network) {
      return pin;
    }
    if (pin.isEmpty()) {
      ctx.error(at + ".pin", "missing required custom clevis pin");
    } else if (!PINS.contains(pin)) {
      ctx.error(at + ".pin", "unsupported clevis pin");
    }
    if (config.isEmpty()) {
      ctx.error(at + ".config", "missing required custom clevis config");
    }
    return pin;
  }

  private void tang(JsonNode t, String at) {
    ctx.knownFields(t, at, version.atLeast(V3_4) ? TANG_V3_4 : TANG_V3_2);
    String url = ctx.string(t, "url", at).orElse("");
    if (SourceUrls.problem(url).filter(SourceUrls.UNPARSEABLE::equals).isPresent()) {
      ctx.error(at + ".url", SourceUrls.UNPARSEABLE);
    } else if (!SourceUrls.scheme(url).equals("http") && !SourceUrls.scheme(url).equals("https")) {
      ctx.error(at + ".url", SourceUrls.BAD_SCHEME);
    }
    if (ctx.string(t, "thumbprint", at).orElse("").isEmpty()) {
      ctx.error(at + ".thumbprint", "thumbprint is required");
    }
    String ad = ctx.string(t, "advertisement", at).orElse("");
    if (!ad.isEmpty() && !isJson(ad)) {
      ctx.error(at + ".advertisement", "advertisement is not valid JSON");
    }
  }

  private static boolean isJson(String text) {
    try {
      Json.MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(text);
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
