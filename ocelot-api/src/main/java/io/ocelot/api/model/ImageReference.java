package io.ocelot.api.model;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The syntax of a container image reference ({@code [domain[:port]/]path[:tag][@digest]}, as the
 * distribution library defines it). A malformed reference would otherwise reach {@code rpm-ostree
 * rebase} as an argument; it is refused where it enters instead. Checked by hand rather than with
 * one large regular expression, so a long hostile value costs linear time.
 */
public final class ImageReference {
  /** The distribution library's limit on the name part. */
  public static final int MAX_NAME_LENGTH = 255;

  private static final Pattern DOMAIN_COMPONENT =
      Pattern.compile("[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?");
  private static final Pattern PATH_COMPONENT =
      Pattern.compile("[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*");
  private static final Pattern TAG = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");
  private static final Pattern PORT = Pattern.compile("[0-9]{1,5}");

  private ImageReference() {}

  /** Why {@code reference} is not a valid image reference, or empty when it is. */
  public static Optional<String> problem(String reference) {
    if (reference.isEmpty()) {
      return Optional.of("it is empty");
    }
    for (int i = 0; i < reference.length(); i++) {
      char c = reference.charAt(i);
      if (c <= ' ' || c >= 0x7f) {
        return Optional.of(
            (Character.isWhitespace(c) ? "whitespace" : "character " + unicode(c))
                + " at position "
                + i
                + " (an image reference is printable ASCII without spaces)");
      }
    }
    int at = reference.indexOf('@');
    if (at >= 0) {
      Optional<String> digest = digestProblem(reference.substring(at + 1));
      if (digest.isPresent()) {
        return digest;
      }
    }
    return nameAndTagProblem(at >= 0 ? reference.substring(0, at) : reference);
  }

  private static Optional<String> digestProblem(String digest) {
    int colon = digest.indexOf(':');
    String algorithm = colon > 0 ? digest.substring(0, colon) : "";
    String hex = colon > 0 ? digest.substring(colon + 1) : "";
    int length =
        switch (algorithm) {
          case "sha256" -> 64;
          case "sha512" -> 128;
          default -> -1;
        };
    if (length < 0) {
      return Optional.of("the digest after '@' must be sha256:<64 hex digits> or sha512:<128>");
    }
    if (hex.length() != length || !hex.chars().allMatch(ImageReference::isLowerHex)) {
      return Optional.of(
          "the "
              + algorithm
              + " digest must be "
              + length
              + " lowercase hex digits, got "
              + hex.length()
              + " characters");
    }
    return Optional.empty();
  }

  private static Optional<String> nameAndTagProblem(String nameAndTag) {
    int slash = nameAndTag.lastIndexOf('/');
    int colon = nameAndTag.lastIndexOf(':');
    String name = nameAndTag;
    if (colon > slash) {
      String tag = nameAndTag.substring(colon + 1);
      if (!TAG.matcher(tag).matches()) {
        return Optional.of(
            "the tag after ':' must be 1-128 letters, digits, '_', '.' or '-' (not first)");
      }
      name = nameAndTag.substring(0, colon);
    }
    if (name.length() > MAX_NAME_LENGTH) {
      return Optional.of(
          "the name is " + name.length() + " characters, over the limit of " + MAX_NAME_LENGTH);
    }
    String[] parts = name.split("/", -1);
    int first = 0;
    if (parts.length > 1 && isDomain(parts[0])) {
      Optional<String> domain = domainProblem(parts[0]);
      if (domain.isPresent()) {
        return domain;
      }
      first = 1;
    }
    for (int i = first; i < parts.length; i++) {
      if (!PATH_COMPONENT.matcher(parts[i]).matches()) {
        return Optional.of(
            "path component \""
                + parts[i]
                + "\" must be lowercase letters and digits, separated by '.', '_', '__' or '-'");
      }
    }
    return Optional.empty();
  }

  /** The first component is a registry when it looks like a host (as the docker CLI decides). */
  private static boolean isDomain(String component) {
    return component.contains(".") || component.contains(":") || component.equals("localhost");
  }

  private static Optional<String> domainProblem(String domain) {
    int colon = domain.indexOf(':');
    String host = colon >= 0 ? domain.substring(0, colon) : domain;
    if (colon >= 0 && !PORT.matcher(domain.substring(colon + 1)).matches()) {
      return Optional.of("the registry port of \"" + domain + "\" must be a number");
    }
    for (String component : host.split("\\.", -1)) {
      if (!DOMAIN_COMPONENT.matcher(component).matches()) {
        return Optional.of("the registry \"" + domain + "\" is not a host name");
      }
    }
    return Optional.empty();
  }

  private static boolean isLowerHex(int c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
  }

  private static String unicode(char c) {
    return String.format("U+%04X", (int) c);
  }
}
