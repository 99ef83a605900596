package io.ocelot.runtime.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The recorder's own rules; ocelot-apiserver's EventRecorderIT records on a real API server. */
class EventRecorderTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-12-06T12:00:00Z"), ZoneOffset.UTC);

  @Test
  void aLongNoteIsCutToTheApisKibibyteInBytesNotCharacters() {
    assertThat(EventRecorder.note("short")).isEqualTo("short");
    assertThat(EventRecorder.note("x".repeat(1024))).hasSize(1024);
    String ascii = EventRecorder.note("x".repeat(2000));
    assertThat(ascii).hasSize(EventRecorder.MAX_MESSAGE).endsWith("...");
    // Three bytes a character: 1024 characters were 3 KiB, which the API refuses.
    String wide = EventRecorder.note("€".repeat(1024));
    assertThat(wide.getBytes(StandardCharsets.UTF_8).length)
        .isLessThanOrEqualTo(EventRecorder.MAX_MESSAGE);
    assertThat(wide).startsWith("€€€").endsWith("€...");
    // A character outside the basic plane is never split into half a pair.
    String emoji = EventRecorder.note("\uD83D\uDE80".repeat(400));
    assertThat(emoji).endsWith("\uD83D\uDE80...");
  }

  @Test
  void timesAreMicroTimesAndARepeatPatchesTheSeries() {
    assertThat(EventRecorder.microTime(Instant.parse("2026-12-06T12:00:00Z")))
        .isEqualTo("2026-12-06T12:00:00.000000Z");
    assertThat(EventRecorder.microTime(Instant.parse("2026-12-06T12:00:00.123456789Z")))
        .isEqualTo("2026-12-06T12:00:00.123456Z");
    assertThat(EventRecorder.seriesPatch(3, Instant.parse("2026-12-06T12:00:01.5Z")))
        .isEqualTo(
            "{\"series\":{\"count\":3,\"lastObservedTime\":\"2026-12-06T12:00:01.500000Z\"}}");
  }

  @Test
  void theReportingInstanceIsTheComponentOnItsHostWithinTheApisLimit() {
    assertThat(EventRecorder.reportingInstance("machineconfigdaemon", "worker-1"))
        .isEqualTo("machineconfigdaemon-worker-1");
    assertThat(EventRecorder.reportingInstance("machineconfigdaemon", "n".repeat(253)))
        .hasSize(128)
        .startsWith("machineconfigdaemon-nnn");
  }

  @Test
  void theProcessHostIsThePodsNameWhereThereIsOne() {
    assertThat(
            EventRecorder.processHost(
                java.util.Map.of("POD_NAME", "ocelot-controller-7d9f", "HOSTNAME", "h")))
        .isEqualTo("ocelot-controller-7d9f");
    assertThat(EventRecorder.processHost(java.util.Map.of("HOSTNAME", "ocelot-controller-x")))
        .isEqualTo("ocelot-controller-x");
    assertThat(EventRecorder.processHost(java.util.Map.of("POD_NAME", " "))).isNotBlank();
  }

  @Test
  void aFailureToRecordIsLoggedNotThrown() {
    // Nothing listens on port 1: every request fails as an unreachable API server's would.
    try (KubernetesClient unreachable =
        new KubernetesClientBuilder()
            .withConfig(
                new ConfigBuilder()
                    .withMasterUrl("http://127.0.0.1:1")
                    .withRequestRetryBackoffLimit(0)
                    .build())
            .build()) {
      new EventRecorder(unreachable, "c", Optional.of("ocelot"), CLOCK)
          .record(
              EventRecorder.Occurrence.of(
                  EventRecorder.Involved.node("worker-1", "u-4"), "Normal", "R", "m"));
    }
  }
}
