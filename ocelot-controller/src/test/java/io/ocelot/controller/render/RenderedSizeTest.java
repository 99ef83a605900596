package io.ocelot.controller.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.MachineConfig;
import org.junit.jupiter.api.Test;

/** A rendered config against etcd's 1.5 MiB: a warning from 80 %, a refusal above the limit. */
class RenderedSizeTest {
  static final String NAME = "rendered-worker-0123";
  static final int EIGHTY_PERCENT = (RenderedSize.LIMIT * 80 + 99) / 100;

  @Test
  void underEightyPercentSaysNothing() {
    int justUnder = EIGHTY_PERCENT - 1;
    assertThat(RenderedSize.warning(NAME, justUnder)).isEmpty();
    assertThat(RenderedSize.refusal(NAME, justUnder)).isEmpty();
  }

  @Test
  void fromEightyPercentToTheLimitWarns() {
    assertThat(RenderedSize.warning(NAME, EIGHTY_PERCENT))
        .contains(
            NAME
                + " is 1229 KiB, 80 % of the 1536 KiB etcd stores in one object: a little more in"
                + " the pool's MachineConfigs and it can no longer be rendered");
    assertThat(RenderedSize.warning(NAME, RenderedSize.LIMIT)).isPresent();
    assertThat(RenderedSize.refusal(NAME, RenderedSize.LIMIT)).isEmpty();
  }

  @Test
  void aboveTheLimitIsRefusedWithTheSize() {
    assertThat(RenderedSize.refusal(NAME, RenderedSize.LIMIT + 1))
        .hasValueSatisfying(
            m ->
                assertThat(m)
                    .startsWith(NAME + " would be 1537 KiB, more than the 1536 KiB etcd stores")
                    .contains("large files belong in the OS image"));
    assertThat(RenderedSize.warning(NAME, RenderedSize.LIMIT + 1)).isEmpty();
  }

  @Test
  void theSizeIsTheConfigsJson() {
    MachineConfig mc = new MachineConfig();
    mc.getMetadata().setName(NAME);
    assertThat(RenderedSize.bytes(mc))
        .isEqualTo(io.ocelot.api.json.Json.MAPPER.valueToTree(mc).toString().length());
  }
}
