package io.ocelot.controller.generated;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.ocelot.api.model.ContainerRuntimeConfiguration;
import org.junit.jupiter.api.Test;

/** MCO's container-runtime-config rules: refusals in its words, one drop-in per field set. */
class CrioFilesTest {

  @Test
  void refusesWhatMcoRefuses() {
    ContainerRuntimeConfiguration c = new ContainerRuntimeConfiguration();
    c.setPidsLimit(10L);
    assertThat(CrioFiles.refusal(c)).contains("invalid PidsLimit 10");
    c.setPidsLimit(0L); // no limit: allowed
    assertThat(CrioFiles.refusal(c)).isEmpty();
    c.setLogSizeMax(new Quantity("8Ki"));
    assertThat(CrioFiles.refusal(c))
        .contains("invalid LogSizeMax \"8Ki\", cannot be less than 8kB");
    c.setLogSizeMax(new Quantity("-1"));
    assertThat(CrioFiles.refusal(c)).isEmpty();
    c.setOverlaySize(new Quantity("-1G"));
    assertThat(CrioFiles.refusal(c)).contains("invalid overlaySize \"-1G\", cannot be less than 0");
    c.setOverlaySize(null);
    c.setLogLevel("verbose");
    assertThat(CrioFiles.refusal(c))
        .contains(
            "invalid LogLevel \"verbose\", must be one of error, fatal, panic, warn, info, debug,"
                + " or trace");
    c.setLogLevel("debug");
    c.setDefaultRuntime("kata");
    assertThat(CrioFiles.refusal(c))
        .contains("invalid DefaultRuntime \"kata\", must be one of crun, runc");
  }

  @Test
  void writesOneDropinPerFieldAsMcosTomlEncoderDoes() {
    ContainerRuntimeConfiguration c = new ContainerRuntimeConfiguration();
    c.setPidsLimit(2048L);
    c.setLogSizeMax(new Quantity("10G"));
    c.setDefaultRuntime("runc");
    c.setOverlaySize(new Quantity("20G"));
    Generation.Files files = (Generation.Files) CrioFiles.generate(c);
    assertThat(files.files())
        .extracting(GeneratedFile::path)
        .containsExactly(
            CrioFiles.STORAGE_CONF,
            CrioFiles.PIDS_LIMIT,
            CrioFiles.LOG_SIZE_MAX,
            CrioFiles.DEFAULT_RUNTIME);
    // MCO's own test table: 10G is 10000000000 bytes.
    assertThat(files.files().get(2).contents())
        .isEqualTo("[crio]\n  [crio.runtime]\n    log_size_max = 10000000000\n");
    assertThat(files.files().get(3).contents())
        .isEqualTo("[crio]\n  [crio.runtime]\n    default_runtime = \"runc\"\n");
    assertThat(files.files().get(0).contents()).contains("    size = \"20G\"\n");
  }

  @Test
  void aZeroLogSizeWritesNoDropinAndNothingSetWritesAnEmptyConfig() {
    ContainerRuntimeConfiguration c = new ContainerRuntimeConfiguration();
    c.setLogSizeMax(new Quantity("0"));
    assertThat(((Generation.Files) CrioFiles.generate(c)).files()).isEmpty();
    assertThat(((Generation.Files) CrioFiles.generate(null)).files()).isEmpty();
  }
}
