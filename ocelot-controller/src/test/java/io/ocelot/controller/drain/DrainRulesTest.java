package io.ocelot.controller.drain;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The drain controller's pure rules: whom to evict, when to retry. */
class DrainRulesTest {

  static Pod pod(String name, String ownerKind, boolean controller, boolean mirror) {
    PodBuilder b = new PodBuilder().withNewMetadata().withName(name).endMetadata();
    if (ownerKind != null) {
      b.editMetadata()
          .addNewOwnerReference()
          .withKind(ownerKind)
          .withName("o")
          .withController(controller)
          .endOwnerReference()
          .endMetadata();
    }
    if (mirror) {
      b.editMetadata().addToAnnotations(DrainablePods.MIRROR_ANNOTATION, "hash").endMetadata();
    }
    return b.build();
  }

  @Test
  void daemonSetAndMirrorPodsStayEverythingElseGoes() {
    List<Pod> pods =
        List.of(
            pod("plain", null, false, false),
            pod("replica", "ReplicaSet", true, false),
            pod("agent", "DaemonSet", true, false),
            pod("adopted-by-other", "DaemonSet", false, false),
            pod("static", null, false, true));
    assertThat(DrainablePods.of(pods))
        .extracting(p -> p.getMetadata().getName())
        .containsExactly("plain", "replica", "adopted-by-other");
  }

  @Test
  void retriesDoubleFromTheFirstDelayUpToTheCapAndSlowDownOnceFailingLong() {
    DrainSettings s = DrainSettings.defaults();
    Duration young = Duration.ofMinutes(1);
    assertThat(List.of(1, 2, 3, 6, 7, 8, 40))
        .extracting(n -> s.delay(n, young).toSeconds())
        .containsExactly(1L, 2L, 4L, 32L, 60L, 60L, 60L);
    assertThat(s.delay(10, Duration.ofMinutes(11))).isEqualTo(Duration.ofMinutes(5));
  }
}
