package io.ocelot.controller.generated;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.ConfigCondition;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The verdict history MCO keeps: newest last, three at most, the legacy entry after it. */
class ConfigConditionsTest {
  static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");

  @Test
  void aKubeletConfigsHistoryEndsWithTheLegacyEntry() {
    List<ConfigCondition> one =
        ConfigConditions.next(ConfigConditions.Style.ACCEPTED, List.of(), Optional.of("bad"), T0);
    assertThat(one)
        .containsExactly(
            new ConfigCondition("Accepted", "False", T0.toString(), null, "Error: bad"),
            new ConfigCondition("Failure", "True", T0.toString(), null, "Error: bad"));
    Instant t1 = T0.plusSeconds(60);
    List<ConfigCondition> two =
        ConfigConditions.next(ConfigConditions.Style.ACCEPTED, one, Optional.empty(), t1);
    assertThat(two)
        .extracting(ConfigCondition::type, ConfigCondition::status, ConfigCondition::message)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("Accepted", "False", "Error: bad"),
            org.assertj.core.groups.Tuple.tuple("Accepted", "True", "Success"),
            org.assertj.core.groups.Tuple.tuple("Success", "True", "Success"));
    // The same verdict again changes nothing, not even its time: no status write.
    assertThat(
            ConfigConditions.next(
                ConfigConditions.Style.ACCEPTED, two, Optional.empty(), t1.plusSeconds(60)))
        .isEqualTo(two);
  }

  @Test
  void keepsThreeVerdicts() {
    List<ConfigCondition> h = List.of();
    for (int i = 0; i < 5; i++) {
      h =
          ConfigConditions.next(
              ConfigConditions.Style.SUCCESS_OR_FAILURE,
              h,
              Optional.of("e" + i),
              T0.plusSeconds(i));
    }
    assertThat(h)
        .extracting(ConfigCondition::message)
        .containsExactly("Error: e2", "Error: e3", "Error: e4");
    assertThat(h).extracting(ConfigCondition::type).containsOnly("Failure");
    h =
        ConfigConditions.next(
            ConfigConditions.Style.SUCCESS_OR_FAILURE, h, Optional.empty(), T0.plusSeconds(9));
    assertThat(h.get(2))
        .isEqualTo(
            new ConfigCondition("Success", "True", T0.plusSeconds(9).toString(), null, "Success"));
  }
}
