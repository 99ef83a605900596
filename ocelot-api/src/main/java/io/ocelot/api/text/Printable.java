package io.ocelot.api.text;

/**
 * Makes untrusted text safe to print on one line: control characters and line or paragraph
 * separators become escapes, so a crafted path or name cannot start a line of its own (and spoof a
 * plan step) or move the terminal's cursor.
 */
public final class Printable {
  /** Values longer than this are shortened in messages. */
  public static final int MAX_QUOTED = 120;

  private Printable() {}

  /** The text in double quotes with {@code "} and {@code \} escaped and long values shortened. */
  public static String quote(String s) {
    String shown = s.length() > MAX_QUOTED ? s.substring(0, MAX_QUOTED - 3) + "..." : s;
    StringBuilder b = new StringBuilder(shown.length() + 2).append('"');
    for (int i = 0; i < shown.length(); i++) {
      char c = shown.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else {
        appendEscaped(b, c);
      }
    }
    return b.append('"').toString();
  }

  /** The text unquoted, with only what cannot be printed on one line escaped. */
  public static String escape(String s) {
    int i = 0;
    while (i < s.length() && !needsEscape(s.charAt(i))) {
      i++;
    }
    if (i == s.length()) {
      return s;
    }
    StringBuilder b = new StringBuilder(s.length() + 8).append(s, 0, i);
    for (; i < s.length(); i++) {
      appendEscaped(b, s.charAt(i));
    }
    return b.toString();
  }

  /** True for characters a line must not contain: C0 and C1 controls, DEL, U+2028, U+2029. */
  public static boolean needsEscape(char c) {
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029';
  }

  private static void appendEscaped(StringBuilder b, char c) {
    switch (c) {
      case '\n' -> b.append("\\n");
      case '\t' -> b.append("\\t");
      case '\r' -> b.append("\\r");
      default -> {
        if (needsEscape(c)) {
          b.append(String.format("\\u%04x", (int) c));
        } else {
          b.append(c);
        }
      }
    }
  }
}
