package io.ocelot.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The console's pool alerts are the shipped rules' (monitoring/rules.yml), name for condition. */
class PoolAlertsTest {
  @Test
  void eachPoolAlertIsTheShippedRuleOnThatCondition() throws Exception {
    String rules = Files.readString(Path.of("..", "monitoring", "rules.yml"));
    assertThat(PoolAlerts.BY_CONDITION).isNotEmpty();
    PoolAlerts.BY_CONDITION.forEach(
        (condition, alert) ->
            assertThat(rules)
                .as(alert)
                .containsPattern(
                    "alert: "
                        + alert
                        + "\\n\\s+expr: mcc_pool_condition\\{type=\""
                        + condition
                        + "\"\\} == 1\\n"));
  }
}
