package io.ocelot.api.ignition;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;

/** Decodes RFC 2397 {@code data:} URLs, base64 or percent-encoded. */
public final class DataUrl {
  private DataUrl() {}

  /** A decoded URL or the reason it does not decode. */
  public sealed interface Result permits Decoded, Undecodable {}

  public record Decoded(Bytes bytes) implements Result {}

  public record Undecodable(String reason) implements Result {}

  public static boolean isDataUrl(String url) {
    return url.regionMatches(true, 0, "data:", 0, 5);
  }

  public static Result decode(String url) {
    if (!isDataUrl(url)) {
      return new Undecodable("not a data: URL");
    }
    int comma = url.indexOf(',');
    if (comma < 0) {
      return new Undecodable("missing ',' between the media type and the data");
    }
    String header = url.substring(5, comma);
    String data = url.substring(comma + 1);
    boolean base64 = header.toLowerCase(Locale.ROOT).endsWith(";base64");
    byte[] unescaped;
    try {
      unescaped = percentDecode(data);
    } catch (IllegalArgumentException e) {
      return new Undecodable(e.getMessage());
    }
    if (!base64) {
      return new Decoded(Bytes.adopt(unescaped));
    }
    try {
      return new Decoded(
          Bytes.adopt(
              Base64.getDecoder()
                  .decode(new String(unescaped, StandardCharsets.US_ASCII).strip())));
    } catch (IllegalArgumentException e) {
      return new Undecodable("invalid base64: " + e.getMessage());
    }
  }

  /** Encodes bytes as a base64 data URL, the form rendered configs use. */
  public static String encodeBase64(Bytes bytes) {
    return "data:;base64," + Base64.getEncoder().encodeToString(bytes.toArray());
  }

  private static byte[] percentDecode(String s) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
    byte[] raw = s.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < raw.length; i++) {
      byte b = raw[i];
      if (b != '%') {
        out.write(b);
        continue;
      }
      if (i + 2 >= raw.length || hex(raw[i + 1]) < 0 || hex(raw[i + 2]) < 0) {
        throw new IllegalArgumentException("invalid percent-encoding at offset " + i);
      }
      out.write(hex(raw[i + 1]) * 16 + hex(raw[i + 2]));
      i += 2;
    }
    return out.toByteArray();
  }

  private static int hex(byte c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }
}
