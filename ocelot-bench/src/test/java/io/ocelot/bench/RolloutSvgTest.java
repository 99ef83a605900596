package io.ocelot.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class RolloutSvgTest {
  static final Instant T = Instant.parse("2026-12-03T10:00:00Z");

  @Test
  void drawsTheBandsAndTheLimitAsWellFormedSvg() throws Exception {
    String svg =
        RolloutSvg.render(
            "4 workers <kube>",
            4,
            1,
            Map.of("a", T, "b", T.plusSeconds(5), "c", T.plusSeconds(10), "d", T.plusSeconds(15)),
            Map.of("a", T.plusSeconds(5), "b", T.plusSeconds(10), "c", T.plusSeconds(15)));
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    assertThat(doc.getDocumentElement().getTagName()).isEqualTo("svg");
    // Three bands (waiting, updating, done), the limit line, the escaped title.
    assertThat(doc.getElementsByTagName("path").getLength()).isEqualTo(4);
    assertThat(doc.getElementsByTagName("line").getLength()).isEqualTo(1);
    assertThat(svg).contains("4 workers &lt;kube&gt;").contains("maxUnavailable 1");
    // The time axis ends where the last node was done: 15 s after the first was targeted.
    assertThat(svg).contains(">15 s<");
  }
}
