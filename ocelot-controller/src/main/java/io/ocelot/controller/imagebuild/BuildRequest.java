package io.ocelot.controller.imagebuild;

import io.ocelot.api.ignition.CanonicalJson;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.model.PoolConfiguration;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One image build: a MachineOSConfig applied to its pool's current rendered config. Its name is
 * MCO's: {@code <mosc>-<md5 of the pool's configuration and the MachineOSConfig spec>}, so the same
 * inputs always name the same MachineOSBuild and any change names a new one.
 */
public record BuildRequest(
    String name, String pool, MachineOSConfig config, MachineConfig rendered) {

  public static BuildRequest of(
      MachineOSConfig mosc, PoolConfiguration poolConfig, MachineConfig rendered) {
    return new BuildRequest(
        name(mosc, poolConfig), mosc.getSpec().getMachineConfigPool().getName(), mosc, rendered);
  }

  public static String name(MachineOSConfig mosc, PoolConfiguration poolConfig) {
    try {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      md5.update(
          CanonicalJson.text(Json.MAPPER.valueToTree(poolConfig)).getBytes(StandardCharsets.UTF_8));
      md5.update((byte) 0);
      md5.update(
          CanonicalJson.text(Json.MAPPER.valueToTree(mosc.getSpec()))
              .getBytes(StandardCharsets.UTF_8));
      return mosc.getMetadata().getName() + "-" + HexFormat.of().formatHex(md5.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK always has MD5", e);
    }
  }

  public String renderedName() {
    return rendered.getMetadata().getName();
  }

  /** Where the image is pushed (a tag). */
  public String pushSpec() {
    return config.getSpec().getRenderedImagePushSpec();
  }

  /** The image the build starts from: the rendered config's OS image. */
  public String baseImage() {
    return rendered.getSpec().getOsImageURL();
  }

  /** {@code repo:tag} or {@code repo@sha256:x} → {@code repo@sha256:<digest>}. */
  public String digested(String sha256Hex) {
    String spec = pushSpec();
    int at = spec.indexOf('@');
    if (at >= 0) {
      spec = spec.substring(0, at);
    }
    int slash = spec.lastIndexOf('/');
    int colon = spec.lastIndexOf(':');
    if (colon > slash) {
      spec = spec.substring(0, colon);
    }
    return spec + "@sha256:" + sha256Hex;
  }
}
