package io.ocelot.api.text;

/** Go's {@code %q} for strings, as MCO's NodeDegraded message quotes node reasons. */
public final class GoQuote {
  private GoQuote() {}

  public static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    s.codePoints()
        .forEach(
            c -> {
              switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case 0x07 -> b.append("\\a");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                case 0x0b -> b.append("\\v");
                default -> {
                  if (c < 0x20 || c == 0x7f) {
                    b.append(String.format("\\x%02x", c));
                  } else {
                    b.appendCodePoint(c);
                  }
                }
              }
            });
    return b.append('"').toString();
  }
}
