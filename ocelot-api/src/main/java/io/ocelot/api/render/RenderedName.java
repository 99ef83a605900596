package io.ocelot.api.render;

import io.ocelot.api.ignition.CanonicalJson;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfigSpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The name of a rendered config: {@code rendered-<pool>-<md5>} over a fixed salt and the canonical
 * JSON of the merged spec, so equal input gives an equal name and any change a new one.
 */
public final class RenderedName {
  public static final String PREFIX = "rendered-";

  // A fixed salt, as MCO uses one: it keeps the hash specific to rendered configs.
  private static final byte[] SALT =
      "ocelot rendered MachineConfig v1: spec hash salt, never change it"
          .getBytes(StandardCharsets.UTF_8);

  private RenderedName() {}

  public static String of(String pool, MachineConfigSpec spec) {
    return PREFIX + pool + "-" + hash(spec);
  }

  static String hash(MachineConfigSpec spec) {
    try {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      md5.update(SALT);
      String canonical = CanonicalJson.text(Json.MAPPER.valueToTree(spec));
      md5.update(canonical.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(md5.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK always has MD5", e);
    }
  }
}
