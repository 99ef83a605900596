package io.ocelot.controller.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.IntOrString;
import org.junit.jupiter.api.Test;

class MaxUnavailableTest {
  @Test
  void mcoRounding() {
    assertThat(MaxUnavailable.of(null, 10)).isEqualTo(new MaxUnavailable.Count(1));
    assertThat(MaxUnavailable.of(new IntOrString(2), 10)).isEqualTo(new MaxUnavailable.Count(2));
    assertThat(MaxUnavailable.of(new IntOrString(0), 10)).isEqualTo(new MaxUnavailable.Count(1));
    assertThat(MaxUnavailable.of(new IntOrString("30%"), 10))
        .isEqualTo(new MaxUnavailable.Count(3));
    assertThat(MaxUnavailable.of(new IntOrString("33%"), 10))
        .isEqualTo(new MaxUnavailable.Count(3));
    assertThat(MaxUnavailable.of(new IntOrString("5%"), 10)).isEqualTo(new MaxUnavailable.Count(1));
    assertThat(MaxUnavailable.of(new IntOrString("100%"), 7))
        .isEqualTo(new MaxUnavailable.Count(7));
  }

  @Test
  void garbageIsAnError() {
    assertThat(MaxUnavailable.of(new IntOrString("lots"), 10))
        .isInstanceOf(MaxUnavailable.Invalid.class)
        .extracting(r -> ((MaxUnavailable.Invalid) r).message())
        .asString()
        .startsWith("\"maxUnavailable\" invalid value");
  }
}
