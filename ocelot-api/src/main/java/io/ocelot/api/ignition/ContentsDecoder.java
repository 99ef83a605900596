package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * Turns an Ignition {@code contents} object into bytes: inline {@code data:} URLs only (the daemon
 * never fetches), optional gzip, optional hash verification, and size limits.
 */
final class ContentsDecoder {
  /** Largest decoded (inflated) file; see docs/ignition.md. */
  static final int MAX_FILE_BYTES = 4 * 1024 * 1024;

  /**
   * Largest sum of decoded contents in one config: a node holds the old and the new contents and
   * the pre-images it replaces, within the DaemonSet's 48 MiB heap; see docs/engine.md.
   */
  static final long MAX_TOTAL_BYTES = 8L * 1024 * 1024;

  static final Set<String> KNOWN_FIELDS =
      Set.of("source", "compression", "verification", "httpHeaders");

  private static final Set<String> REMOTE_SCHEMES =
      Set.of("http", "https", "s3", "tftp", "gs", "arn");

  private ContentsDecoder() {}

  /** The decoded bytes, {@link Bytes#EMPTY} without a source, or empty after an error. */
  static Optional<Bytes> decode(ParseContext ctx, JsonNode contents, String path) {
    ctx.knownFields(contents, path, KNOWN_FIELDS);
    Optional<String> source = ctx.string(contents, "source", path);
    Optional<String> compression = ctx.string(contents, "compression", path);
    if (source.isEmpty()) {
      if (!contents.path("verification").path("hash").isMissingNode()
          && !contents.path("verification").path("hash").isNull()) {
        ctx.error(
            FieldPath.join(path, "verification.hash"),
            "source must be specified if verification is specified");
        return Optional.empty();
      }
      return Optional.of(Bytes.EMPTY);
    }
    String sourcePath = FieldPath.join(path, "source");
    Optional<Bytes> raw = fetchInline(ctx, source.get(), sourcePath);
    if (raw.isEmpty() || !verify(ctx, contents, path, raw.get())) {
      return Optional.empty();
    }
    Optional<Bytes> decoded = decompress(ctx, compression.orElse(""), raw.get(), path);
    return decoded.filter(bytes -> withinLimits(ctx, bytes, path));
  }

  private static Optional<Bytes> fetchInline(ParseContext ctx, String source, String path) {
    if (DataUrl.isDataUrl(source)) {
      DataUrl.Result r = DataUrl.decode(source);
      if (r instanceof DataUrl.Decoded d) {
        return Optional.of(d.bytes());
      }
      ctx.error(path, "data URL does not decode: " + ((DataUrl.Undecodable) r).reason());
      return Optional.empty();
    }
    if (REMOTE_SCHEMES.contains(SourceUrls.scheme(source))) {
      ctx.ocelotError(
          path,
          "remote source "
              + ParseContext.quote(source)
              + " is not supported: the daemon never fetches file contents; inline them as a"
              + " data: URL");
    } else {
      ctx.error(
          path, "unsupported source " + ParseContext.quote(source) + ": only data: URLs are read");
    }
    return Optional.empty();
  }

  private static boolean verify(ParseContext ctx, JsonNode contents, String path, Bytes raw) {
    String vpath = FieldPath.join(path, "verification");
    Optional<JsonNode> verification = ctx.object(contents, "verification", path);
    if (verification.isEmpty()) {
      return true;
    }
    Optional<String> hash = ctx.string(verification.get(), "hash", vpath);
    if (hash.isEmpty()) {
      return true;
    }
    String hpath = FieldPath.join(vpath, "hash");
    Optional<String> malformed = ResourceRules.hashProblem(hash.get());
    if (malformed.isPresent()) {
      ctx.error(
          hpath,
          malformed.get()
              + ": "
              + ParseContext.quote(hash.get())
              + " (sha512-<128 hex digits> or sha256-<64 hex digits>)");
      return false;
    }
    int dash = hash.get().indexOf('-');
    String algo = hash.get().substring(0, dash);
    String expected = hash.get().substring(dash + 1).toLowerCase(Locale.ROOT);
    String actual = digest(algo, raw);
    if (!actual.equals(expected)) {
      ctx.error(
          hpath, algo + " mismatch: the config says " + expected + ", contents hash to " + actual);
      return false;
    }
    return true;
  }

  private static String digest(String algo, Bytes raw) {
    try {
      String jdkName = algo.equals("sha512") ? "SHA-512" : "SHA-256";
      return HexFormat.of().formatHex(MessageDigest.getInstance(jdkName).digest(raw.toArray()));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK always has " + algo, e);
    }
  }

  private static Optional<Bytes> decompress(
      ParseContext ctx, String compression, Bytes raw, String path) {
    String cpath = FieldPath.join(path, "compression");
    if (compression.isEmpty()) {
      return Optional.of(raw);
    }
    if (!compression.equals("gzip")) {
      ctx.error(cpath, "unsupported compression type " + ParseContext.quote(compression));
      return Optional.empty();
    }
    try (GZIPInputStream in = new GZIPInputStream(raw.stream())) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buf = new byte[8192];
      for (int n; (n = in.read(buf)) > 0; ) {
        out.write(buf, 0, n);
        if (out.size() > MAX_FILE_BYTES) {
          ctx.ocelotError(
              path, "gzip contents inflate to over " + limit(MAX_FILE_BYTES) + " per file");
          return Optional.empty();
        }
      }
      return Optional.of(Bytes.adopt(out.toByteArray()));
    } catch (IOException e) {
      ctx.error(cpath, "gzip data does not inflate: " + e.getMessage());
      return Optional.empty();
    }
  }

  private static boolean withinLimits(ParseContext ctx, Bytes bytes, String path) {
    boolean ok = true;
    if (bytes.size() > MAX_FILE_BYTES) {
      ok = false;
      ctx.ocelotError(
          path,
          "contents are "
              + bytes.size()
              + " bytes, over the limit of "
              + limit(MAX_FILE_BYTES)
              + " per file");
    }
    long total = ctx.countDecoded(bytes.size());
    if (total > MAX_TOTAL_BYTES && total - bytes.size() <= MAX_TOTAL_BYTES) {
      ok = false;
      ctx.ocelotError(
          path,
          "file contents add up to "
              + total
              + " bytes, over the limit of "
              + limit(MAX_TOTAL_BYTES)
              + " per config");
    }
    return ok;
  }

  private static String limit(long bytes) {
    return (bytes / (1024 * 1024)) + " MiB";
  }
}
