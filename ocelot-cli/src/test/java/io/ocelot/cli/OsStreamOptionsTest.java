package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.api.model.OSImageStreamSet;
import io.ocelot.controller.streams.OsStreamCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ocelot controller --os-image-stream}: what it accepts and what it refuses, and why. */
class OsStreamOptionsTest {
  static final String OS9 = "quay.io/x/os@sha256:" + "9".repeat(64);
  static final String EXT9 = "quay.io/x/ext@sha256:" + "e".repeat(64);
  static final String OS10 = "quay.io/x/os@sha256:" + "a".repeat(64);

  @Test
  void readsStreamsAndPicksTheFirstAsDefault() {
    OsStreamCatalog c =
        OsStreamOptions.catalog(List.of("rhel-9=" + OS9 + "," + EXT9, "rhel-10=" + OS10), null);
    assertThat(c.streams())
        .containsExactly(
            new OSImageStreamSet("rhel-9", OS9, EXT9), new OSImageStreamSet("rhel-10", OS10, OS10));
    assertThat(c.defaultStream()).isEqualTo("rhel-9");
    assertThat(OsStreamOptions.catalog(List.of("rhel-10=" + OS10), "rhel-10").defaultStream())
        .isEqualTo("rhel-10");
    assertThat(OsStreamOptions.catalog(List.of(), null)).isEqualTo(OsStreamCatalog.NONE);
  }

  @Test
  void refusesWhatTheSchemaWouldRefuseSayingWhy() {
    assertThatThrownBy(() -> OsStreamOptions.catalog(List.of("rhel-9"), null))
        .hasMessage("--os-image-stream rhel-9: expected NAME=OS_IMAGE[,EXTENSIONS_IMAGE]");
    assertThatThrownBy(() -> OsStreamOptions.catalog(List.of("rhel-9=quay.io/x/os:9"), null))
        .hasMessage(
            "--os-image-stream rhel-9=quay.io/x/os:9: quay.io/x/os:9 is not an image by digest"
                + " (@sha256:...)");
    assertThatThrownBy(() -> OsStreamOptions.catalog(List.of("RHEL_9=" + OS9), null))
        .hasMessageContaining("the name must be an RFC 1123 subdomain");
    assertThatThrownBy(
            () -> OsStreamOptions.catalog(List.of("rhel-9=" + OS9, "rhel-9=" + OS10), null))
        .hasMessage("--os-image-stream: rhel-9 is given twice");
    assertThatThrownBy(() -> OsStreamOptions.catalog(List.of("rhel-9=" + OS9), "rhel-10"))
        .hasMessage("--default-os-image-stream rhel-10 is not among the streams: [rhel-9]");
    assertThatThrownBy(() -> OsStreamOptions.catalog(List.of(), "rhel-9"))
        .hasMessage(
            "--default-os-image-stream needs the streams it picks from (--os-image-stream)");
  }
}
