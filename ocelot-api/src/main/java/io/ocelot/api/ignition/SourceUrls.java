package io.ocelot.api.ignition;

import java.util.Locale;
import java.util.Optional;

/**
 * Ignition's rules for a resource's {@code source} URL (coreos/ignition config/v3_5/types/url.go),
 * for the sources a new node's Ignition fetches at first boot: certificate authorities, merged
 * configs, LUKS key files. The daemon itself fetches none of them. Go's {@code url.Parse} fails on
 * little; what it refuses (control characters, a missing scheme before a colon, a broken escape) is
 * {@code unable to parse url}.
 */
final class SourceUrls {
  static final String UNPARSEABLE = "unable to parse url";
  static final String BAD_SCHEME = "invalid url scheme";
  static final String BAD_ARN = "invalid S3 ARN format";
  static final String BAD_VERSION_ID = "invalid S3 object VersionId";

  private SourceUrls() {}

  /** Why Ignition refuses {@code url}, or empty when it accepts it. */
  static Optional<String> problem(String url) {
    if (!parses(url)) {
      return Optional.of(UNPARSEABLE);
    }
    String scheme = scheme(url);
    switch (scheme) {
      case "http", "https", "tftp", "gs":
        return Optional.empty();
      case "s3":
        return emptyVersionId(url) ? Optional.of(BAD_VERSION_ID) : Optional.empty();
      case "arn":
        return arn(url);
      case "data":
        return DataUrl.decode(url) instanceof DataUrl.Undecodable u
            ? Optional.of(u.reason())
            : Optional.empty();
      default:
        return Optional.of(BAD_SCHEME);
    }
  }

  private static final java.util.regex.Pattern SCHEME =
      java.util.regex.Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*");

  /** The scheme as Go reads it, lower-cased; empty when the text before a colon is no scheme. */
  static String scheme(String url) {
    int colon = url.indexOf(':');
    String s = colon > 0 ? url.substring(0, colon) : "";
    return SCHEME.matcher(s).matches() ? s.toLowerCase(Locale.ROOT) : "";
  }

  private static boolean parses(String url) {
    if (url.startsWith(":")) {
      return false; // Go: "missing protocol scheme"
    }
    int slash = url.indexOf('/');
    int colon = url.indexOf(':');
    if (scheme(url).isEmpty() && colon >= 0 && (slash < 0 || colon < slash)) {
      return false; // Go: "first path segment in URL cannot contain colon"
    }
    int end = url.length();
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        return false;
      }
      if ((c == '?' || c == '#') && end == url.length()) {
        end = i; // the query and fragment are kept raw
      }
    }
    for (int i = url.indexOf('%'); i >= 0 && i < end; i = url.indexOf('%', i + 1)) {
      if (i + 2 >= url.length() || hex(url.charAt(i + 1)) < 0 || hex(url.charAt(i + 2)) < 0) {
        return false;
      }
    }
    return validHost(url);
  }

  private static final String HOST_PUNCTUATION = "-._~!$&'()*+,;=:[]<>\"%";

  /** The authority after {@code scheme://}: its characters and its port, as Go checks them. */
  private static boolean validHost(String url) {
    String scheme = scheme(url);
    String rest = scheme.isEmpty() ? url : url.substring(scheme.length() + 1);
    if (!rest.startsWith("//")) {
      return true;
    }
    int end = 2;
    while (end < rest.length() && "/?#".indexOf(rest.charAt(end)) < 0) {
      end++;
    }
    String host = rest.substring(2, end);
    host = host.substring(host.lastIndexOf('@') + 1);
    for (char c : host.toCharArray()) {
      if (c < 0x80 && !Character.isLetterOrDigit(c) && HOST_PUNCTUATION.indexOf(c) < 0) {
        return false;
      }
    }
    String port;
    if (host.startsWith("[")) {
      int close = host.indexOf(']');
      if (close < 0) {
        return false; // Go: "missing ']' in host"
      }
      port = host.substring(close + 1);
      if (!port.isEmpty() && !port.startsWith(":")) {
        return false;
      }
    } else {
      int colon = host.lastIndexOf(':');
      port = colon < 0 ? "" : host.substring(colon);
    }
    return port.isEmpty() || port.substring(1).chars().allMatch(Character::isDigit);
  }

  private static int hex(char c) {
    return Character.digit(c, 16);
  }

  /** A {@code versionId} query parameter that is present but empty. */
  private static boolean emptyVersionId(String url) {
    int q = url.indexOf('?');
    if (q < 0) {
      return false;
    }
    int hash = url.indexOf('#', q);
    String query = url.substring(q + 1, hash < 0 ? url.length() : hash);
    for (String pair : query.split("&")) {
      if (pair.equals("versionId") || pair.equals("versionId=")) {
        return true;
      }
      if (pair.startsWith("versionId=")) {
        return false; // Go reads the first value only
      }
    }
    return false;
  }

  /**
   * An S3 ARN: {@code arn:partition:s3:region:account:bucket/key}, or {@code
   * …:accesspoint/name/key}. The query is not part of the ARN.
   */
  private static Optional<String> arn(String url) {
    int q = url.indexOf('?');
    String full = "arn:" + url.substring(4, q < 0 ? url.length() : q);
    String[] sections = full.split(":", 6);
    if (sections.length < 6) {
      return Optional.of(BAD_ARN);
    }
    if (!sections[2].equals("s3")) {
      return Optional.of(BAD_ARN);
    }
    int parts = full.split("/", -1).length;
    boolean accessPoint = sections[5].startsWith("accesspoint/");
    return (accessPoint && parts < 3) || parts < 2 ? Optional.of(BAD_ARN) : Optional.empty();
  }
}
