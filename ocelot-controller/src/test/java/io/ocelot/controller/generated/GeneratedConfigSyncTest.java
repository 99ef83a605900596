package io.ocelot.controller.generated;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.MachineConfig;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** MCO's naming of generated configs: suffixes in creation order, ten sources at most. */
class GeneratedConfigSyncTest {

  @Test
  void theFirstSourceHasNoSuffixAndEachLaterOneTheNext() {
    assertThat(GeneratedConfigSync.nextSuffix(List.of())).contains("");
    assertThat(GeneratedConfigSync.nextSuffix(List.of(Optional.of("")))).contains("1");
    // A peer not yet named counts as none (MCO's rule), a gap is never filled.
    assertThat(GeneratedConfigSync.nextSuffix(List.of(Optional.empty(), Optional.of("3"))))
        .contains("4");
    assertThat(GeneratedConfigSync.nextSuffix(List.of(Optional.of("8")))).contains("9");
    assertThat(GeneratedConfigSync.nextSuffix(List.of(Optional.of("9")))).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({
    "99-worker-generated-kubelet, true",
    "99-worker-generated-kubelet-3, true",
    "99-infra-a-generated-containerruntime-1, true",
    "98-worker-generated-kubelet, false",
    "99-worker-generated-kubelet-x, false",
    "rendered-worker-0123, false",
    "01-worker-kubelet, false"
  })
  void knowsTheGeneratedNames(String name, boolean generated) {
    MachineConfig mc = new MachineConfig();
    mc.getMetadata().setName(name);
    assertThat(GeneratedConfigSync.isGenerated(mc)).isEqualTo(generated);
  }
}
