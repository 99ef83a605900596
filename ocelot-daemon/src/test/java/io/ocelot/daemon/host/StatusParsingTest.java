package io.ocelot.daemon.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The status parsers on captured, realistic output of the real tools. */
class StatusParsingTest {

  static String fixture(String name) throws Exception {
    try (InputStream in = StatusParsingTest.class.getResourceAsStream("/host/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void rpmOstreeWithStagedBootedAndRollback() throws Exception {
    HostStatus s = RpmOstreeImages.parseStatus(fixture("rpm-ostree-status-staged.json"));
    String registry =
        "image-registry.openshift-image-registry.svc:5000/openshift-machine-config-operator/ocb-image@sha256:";
    assertThat(s.stagedImage()).contains(registry + "2".repeat(64));
    assertThat(s.bootedImage()).contains(registry + "1".repeat(64));
    assertThat(s.rollback().orElseThrow().image())
        .isEqualTo("quay.io/fedora/fedora-coreos@sha256:" + "0".repeat(64));
    assertThat(s.staged().orElseThrow().checksum()).startsWith("7b3a0c3e");
    assertThat(s.rollbackQueued()).isFalse();
  }

  @Test
  void rpmOstreeAfterRollbackListsTheOldDeploymentFirstAndItBootsNext() throws Exception {
    String json =
        "{\"deployments\": ["
            + "{\"id\": \"fcos-aaa.0\", \"checksum\": \"aaa\", \"booted\": false, \"staged\": false,"
            + " \"container-image-reference\": \"ostree-unverified-registry:old@sha256:0\"},"
            + "{\"id\": \"fcos-bbb.1\", \"checksum\": \"bbb\", \"booted\": true, \"staged\": false,"
            + " \"container-image-reference\": \"ostree-unverified-registry:new@sha256:1\"}]}";
    HostStatus s = RpmOstreeImages.parseStatus(json);
    assertThat(s.rollbackQueued()).isTrue();
    assertThat(s.staged()).isEmpty();
    assertThat(s.rollback().orElseThrow().image()).isEqualTo("old@sha256:0");
    assertThat(s.bootedImage()).contains("new@sha256:1");
  }

  @Test
  void rpmOstreeWithOnlyABootedDeployment() throws Exception {
    HostStatus s = RpmOstreeImages.parseStatus(fixture("rpm-ostree-status-booted-only.json"));
    assertThat(s.staged()).isEmpty();
    assertThat(s.rollback()).isEmpty();
    assertThat(s.bootedImage())
        .contains("quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + "4".repeat(64));
  }

  @Test
  void bootcHost() throws Exception {
    HostStatus s = BootcImages.parseStatus(fixture("bootc-status-staged.json"));
    assertThat(s.stagedImage()).contains("quay.io/centos-bootc/centos-bootc:stream10");
    assertThat(s.bootedImage()).contains("quay.io/centos-bootc/centos-bootc:stream9");
    assertThat(s.rollback()).isEmpty();
    assertThat(s.booted().orElseThrow().checksum()).startsWith("1a2b3c4d");
  }

  @Test
  void garbageIsAHostExceptionNotACrash() {
    assertThatThrownBy(() -> RpmOstreeImages.parseStatus("error: Connection refused"))
        .isInstanceOf(HostException.class)
        .hasMessageStartingWith("cannot parse rpm-ostree status:");
  }

  @Test
  void anAnswerWithoutABootedDeploymentIsAFaultNotAnEmptyHost() {
    assertThatThrownBy(() -> RpmOstreeImages.parseStatus(""))
        .isInstanceOf(HostException.class)
        .hasMessage(
            "rpm-ostree status --json lists no booted deployment (got nothing); the engine cannot"
                + " tell what the host runs, so it changes nothing");
    assertThatThrownBy(() -> RpmOstreeImages.parseStatus("{\"deployments\": []}"))
        .hasMessageContaining("(got \"{\\\"deployments\\\": []}\")");
    assertThatThrownBy(() -> BootcImages.parseStatus("{\"status\": {}}"))
        .isInstanceOf(HostException.class)
        .hasMessageStartingWith("bootc status --format=json shows no booted deployment");
  }
}
