package io.ocelot.api.ignition;

import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Whether a {@code passwordHash} is a crypt(5) hash that can stand in the second field of an {@code
 * /etc/shadow} line (pure). A newline or a {@code :} there would add a line or shift the fields (a
 * MachineConfig could add {@code root::0:0::/:/bin/sh}), so anything but a hash's own characters is
 * refused.
 */
final class CryptHashes {
  /**
   * crypt(5) prefixes: yescrypt, gost-yescrypt, scrypt, bcrypt, sha512/sha256/sha1/md5crypt, NT.
   */
  private static final Set<String> IDS =
      Set.of("y", "gy", "7", "2a", "2b", "2x", "2y", "6", "5", "sha1", "md5", "1", "3");

  private static final Pattern HASH_CHARS = Pattern.compile("[A-Za-z0-9./$=,*!_]*");
  private static final Pattern DES = Pattern.compile("[./0-9A-Za-z]{13}");
  private static final Pattern BSDI = Pattern.compile("_[./0-9A-Za-z]{19}");

  /** Longer than any crypt(5) hash (yescrypt and sha512crypt stay under 150 characters). */
  static final int MAX_LENGTH = 512;

  private CryptHashes() {}

  /** Why {@code hash} cannot be written, if it cannot; the empty string means unset. */
  static Optional<String> problem(String hash) {
    if (hash.isEmpty()) {
      return Optional.empty();
    }
    if (hash.length() > MAX_LENGTH) {
      return Optional.of(
          "is "
              + hash.length()
              + " characters long, longer than any crypt(5) hash (limit "
              + MAX_LENGTH
              + ")");
    }
    if (hash.indexOf('\n') >= 0 || hash.indexOf('\r') >= 0) {
      return Optional.of("must be a single line (a crypt(5) hash)");
    }
    if (hash.indexOf(':') >= 0) {
      return Optional.of("must not contain ':' (it separates the fields of /etc/shadow)");
    }
    if (!HASH_CHARS.matcher(hash).matches()) {
      return Optional.of(
          "contains a character no crypt(5) hash has (whitespace, a control character or"
              + " punctuation other than . / $ = ,)");
    }
    String h = hash;
    while (h.startsWith("!")) {
      h = h.substring(1); // a locked password: "!" before the hash, or alone
    }
    boolean locked = h.length() < hash.length();
    if ((h.isEmpty() && locked) || h.equals("*") || DES.matcher(h).matches()) {
      return Optional.empty();
    }
    if (BSDI.matcher(h).matches()) {
      return Optional.empty();
    }
    if (h.startsWith("$")) {
      int end = h.indexOf('$', 1);
      String id = end < 0 ? h.substring(1) : h.substring(1, end);
      if (end > 0 && IDS.contains(id) && h.length() > end + 1) {
        return Optional.empty();
      }
      return Optional.of(
          "is not a crypt(5) hash: unknown or incomplete prefix \"$"
              + id
              + "$\" (known: $y$, $gy$, $7$, $2b$, $6$, $5$, $sha1$, $md5$, $1$)");
    }
    return Optional.of(
        "is not a crypt(5) hash: expected $<id>$…, a 13-character DES hash, \"*\" or \"!\"");
  }
}
