package io.ocelot.api.ignition;

import io.ocelot.api.text.GoQuote;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A unit's or dropin's contents read as Ignition reads them (go-systemd's unit deserializer behind
 * Ignition's {@code invalid unit content: …}): the same errors for the same text, and the sections
 * found, for the "enabled but no [Install] section" warning. Pure.
 */
final class UnitContents {
  /** systemd's LINE_MAX as go-systemd mimics it. */
  static final int LINE_MAX = 2048;

  private final String text;
  private int pos;

  private UnitContents(String text) {
    this.text = text;
  }

  /** The sections of {@code contents}, or the error Ignition reports for it. */
  record Read(List<String> sections, Optional<String> error) {}

  static Read read(String contents) {
    return new UnitContents(contents).lex();
  }

  private Read lex() {
    List<String> sections = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      if (line.getBytes(StandardCharsets.UTF_8).length >= LINE_MAX) {
        return failed(sections, "line too long (max " + LINE_MAX + " bytes)");
      }
    }
    boolean inSection = false;
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == '[') {
        int end = text.indexOf(']', pos);
        if (end < 0) {
          return failed(sections, "unable to find end of section");
        }
        String name = text.substring(pos, end);
        pos = end + 1;
        String garbage = toEol().strip();
        if (!garbage.isEmpty()) {
          // go-systemd names the lexer's section field here, which is never set: an empty name.
          return failed(sections, "found garbage after section name : " + GoQuote.quote(garbage));
        }
        sections.add(name);
        inSection = true;
      } else if (c == '#' || c == ';') {
        skipCommentLines();
      } else if (inSection && !isSpace(c)) {
        int eq = pos - 1;
        while (eq < text.length() && text.charAt(eq) != '=') {
          char o = text.charAt(eq);
          if (o == '\n' || o == '\r') {
            return failed(sections, "unexpected newline encountered while parsing option name");
          }
          eq++;
        }
        if (eq >= text.length()) {
          return failed(sections, "EOF");
        }
        pos = eq + 1;
        skipValue();
      }
    }
    return new Read(sections, Optional.empty());
  }

  private Read failed(List<String> sections, String error) {
    return new Read(sections, Optional.of("invalid unit content: " + error));
  }

  /** The rest of the line, without its newline (and a carriage return before it). */
  private String toEol() {
    int nl = text.indexOf('\n', pos);
    int end = nl < 0 ? text.length() : nl;
    String line = text.substring(pos, end);
    pos = nl < 0 ? text.length() : nl + 1;
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }

  private void skipCommentLines() {
    while (true) {
      String line = toEol();
      // go-systemd trims one trailing space here, not all of them.
      String trimmed = line.endsWith(" ") ? line.substring(0, line.length() - 1) : line;
      if (!trimmed.endsWith("\\") || pos >= text.length()) {
        return;
      }
    }
  }

  private void skipValue() {
    while (true) {
      String line = toEol();
      if (line.isBlank() || !line.endsWith("\\") || pos >= text.length()) {
        return;
      }
    }
  }

  /** Go's unicode.IsSpace. */
  private static boolean isSpace(char c) {
    return Character.isWhitespace(c) || c == '\u00a0' || c == '\u0085';
  }
}
