package io.ocelot.api.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrintableTest {
  @Test
  void quoteEscapesQuotesBackslashesAndEveryControlCharacter() {
    assertThat(Printable.quote("a\"b\\c\nd\te\r\u001b[2J\u0085\u2028"))
        .isEqualTo("\"a\\\"b\\\\c\\nd\\te\\r\\u001b[2J\\u0085\\u2028\"");
  }

  @Test
  void quoteShortensLongValues() {
    String q = Printable.quote("x".repeat(500));
    assertThat(q).hasSize(Printable.MAX_QUOTED + 2).endsWith("...\"");
  }

  @Test
  void escapeKeepsPrintableTextAsItIs() {
    String text = "  3. write /etc/chrony.conf (0644 root:root, 12 bytes) — ünïcode \"ok\"";
    assertThat(Printable.escape(text)).isSameAs(text);
  }

  @Test
  void escapeTurnsALineBreakIntoAnEscapeSoNoSecondLineAppears() {
    String spoof = "/etc/a\n  2. remove /etc/passwd";
    assertThat(Printable.escape(spoof)).isEqualTo("/etc/a\\n  2. remove /etc/passwd");
    assertThat(Printable.escape(spoof).lines()).hasSize(1);
  }
}
