package io.ocelot.api.node;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StageAheadStatusTest {
  private static final String IMAGE = "registry.local:5000/ocelot/worker@sha256:" + "a".repeat(64);

  @Test
  void eachPhaseReadsBackAsWritten() {
    for (StageAheadStatus s :
        new StageAheadStatus[] {
          StageAheadStatus.pulling(IMAGE),
          StageAheadStatus.pulled(IMAGE),
          StageAheadStatus.failed(IMAGE, "error: manifest unknown: reading manifest")
        }) {
      assertThat(StageAheadStatus.parse(s.value())).contains(s);
    }
    assertThat(StageAheadStatus.failed(IMAGE, "x").value()).isEqualTo("Failed " + IMAGE + ": x");
    assertThat(StageAheadStatus.pulled(IMAGE).of(IMAGE)).isTrue();
    assertThat(StageAheadStatus.pulled(IMAGE).of(IMAGE + "2")).isFalse();
  }

  @Test
  void unreadableValuesAreNoStatus() {
    assertThat(StageAheadStatus.parse(null)).isEmpty();
    assertThat(StageAheadStatus.parse("")).isEmpty();
    assertThat(StageAheadStatus.parse("Pulled")).isEmpty();
    assertThat(StageAheadStatus.parse("Pulled ")).isEmpty();
    assertThat(StageAheadStatus.parse("Downloading " + IMAGE)).isEmpty();
    assertThat(StageAheadStatus.parse("Failed " + IMAGE)).isEmpty();
  }

  @Test
  void aLongFailureIsCutToTheAnnotationsLimit() {
    String v = StageAheadStatus.failed(IMAGE, "x".repeat(5000)).value();
    assertThat(v).hasSize(StageAheadStatus.MAX_LENGTH).endsWith("...");
    assertThat(StageAheadStatus.parse(v)).isPresent();
  }
}
