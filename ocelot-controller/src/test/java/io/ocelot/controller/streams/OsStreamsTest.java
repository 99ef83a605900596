package io.ocelot.controller.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineConfigPoolStatus;
import io.ocelot.api.model.OSImageStream;
import io.ocelot.api.model.OSImageStreamReference;
import io.ocelot.api.model.OSImageStreamSet;
import io.ocelot.api.model.OSImageStreamStatus;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.api.render.RenderDefaults;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** MCO's stream rules: which stream a pool renders with, when it refuses, what it reports. */
class OsStreamsTest {
  static final OSImageStreamSet RHEL9 = new OSImageStreamSet("rhel-9", img("9a"), img("9b"));
  static final OSImageStreamSet RHEL10 = new OSImageStreamSet("rhel-10", img("10"), img("1b"));
  static final RenderDefaults BASE = new RenderDefaults(img("00"), "", "ocelot");

  static String img(String hex) {
    return "quay.io/x/os@sha256:" + hex.repeat(64 / hex.length());
  }

  static OSImageStream streams(String defaultStream) {
    OSImageStream s = new OSImageStream();
    s.getMetadata().setName("cluster");
    s.getSpec().setDefaultStream(defaultStream);
    OSImageStreamStatus st = new OSImageStreamStatus();
    st.setAvailableStreams(List.of(RHEL9, RHEL10));
    st.setDefaultStream(defaultStream);
    s.setStatus(st);
    return s;
  }

  static MachineConfigPool pool(String name, String stream) {
    MachineConfigPool p = new MachineConfigPool();
    p.getMetadata().setName(name);
    if (stream != null) {
      p.getSpec().setOsImageStream(new OSImageStreamReference(stream));
    }
    return p;
  }

  static MachineConfig config(String name, String osImageURL) {
    MachineConfig mc = new MachineConfig();
    mc.getMetadata().setName(name);
    mc.getSpec().setOsImageURL(osImageURL);
    return mc;
  }

  static RenderDefaults used(OsStreams.Resolution r) {
    assertThat(r).isInstanceOf(OsStreams.Use.class);
    return ((OsStreams.Use) r).defaults();
  }

  @Test
  void aPoolRendersWithItsStreamACustomPoolWithTheWorkersElseTheDefault() {
    Optional<OSImageStream> s = Optional.of(streams("rhel-9"));
    MachineConfigPool worker = pool("worker", "rhel-10");
    assertThat(used(OsStreams.resolve(worker, Optional.of(worker), s, BASE, List.of())))
        .isEqualTo(new RenderDefaults(RHEL10.osImage(), RHEL10.osExtensionsImage(), "ocelot"));
    // A custom pool follows the worker pool; master does not.
    assertThat(OsStreams.effectiveName(pool("infra", null), Optional.of(worker)))
        .isEqualTo("rhel-10");
    assertThat(
            used(OsStreams.resolve(pool("master", null), Optional.of(worker), s, BASE, List.of()))
                .baseOSContainerImage())
        .isEqualTo(RHEL9.osImage());
    // Without OSImageStream/cluster: the cluster's base images.
    assertThat(
            used(
                OsStreams.resolve(
                    pool("worker", null), Optional.empty(), Optional.empty(), BASE, List.of())))
        .isEqualTo(BASE);
  }

  @Test
  void refusesAStreamNotOfferedAndAnImageBesideANamedStream() {
    Optional<OSImageStream> s = Optional.of(streams("rhel-9"));
    assertThat(OsStreams.resolve(pool("worker", "rhel-11"), Optional.empty(), s, BASE, List.of()))
        .isEqualTo(
            new OsStreams.Refused(
                "could not get OSImageStreamSet for pool worker: no stream named \"rhel-11\" in"
                    + " OSImageStream cluster (available: rhel-9, rhel-10)"));
    assertThat(
            OsStreams.resolve(
                pool("worker", "rhel-10"),
                Optional.empty(),
                s,
                BASE,
                List.of(config("00-worker", null), config("90-own", img("cc")))))
        .isEqualTo(
            new OsStreams.Refused(
                "cannot override MachineConfig osImageURL and set MachineConfigPool"
                    + " spec.osImageStream.name simultaneously (set by 90-own)"));
    // The default stream gives way to a MachineConfig's image (render merges it over).
    assertThat(
            OsStreams.resolve(
                pool("worker", null), Optional.empty(), s, BASE, List.of(config("90-own", "x"))))
        .isInstanceOf(OsStreams.Use.class);
    assertThat(
            OsStreams.resolve(
                pool("worker", "rhel-10"), Optional.empty(), Optional.empty(), BASE, List.of()))
        .isEqualTo(
            new OsStreams.Refused(
                "could not get OSImageStream for pool worker: OSImageStream cluster lists no"
                    + " streams"));
  }

  @Test
  void reportsTheStreamOnlyWhenUpdatedNotDegradedAndTheImageIsAStreams() {
    Map<String, MachineConfig> configs =
        Map.of(
            "rendered-worker-1", config("rendered-worker-1", RHEL10.osImage()),
            "00-worker", config("00-worker", null),
            "90-own", config("90-own", img("cc")));
    Optional<OSImageStream> s = Optional.of(streams("rhel-9"));
    MachineConfigPoolStatus status = status("True", "False", "00-worker");
    assertThat(OsStreams.reported(status, s, n -> Optional.ofNullable(configs.get(n))))
        .contains(new OSImageStreamReference("rhel-10"));
    assertThat(
            OsStreams.reported(
                status("False", "False", "00-worker"), s, n -> Optional.ofNullable(configs.get(n))))
        .isEmpty();
    assertThat(
            OsStreams.reported(
                status("True", "True", "00-worker"), s, n -> Optional.ofNullable(configs.get(n))))
        .isEmpty();
    assertThat(
            OsStreams.reported(
                status("True", "False", "90-own"), s, n -> Optional.ofNullable(configs.get(n))))
        .isEmpty();
  }

  static MachineConfigPoolStatus status(String updated, String degraded, String source) {
    MachineConfigPoolStatus st = new MachineConfigPoolStatus();
    st.setConditions(
        List.of(
            new MachineConfigPoolCondition("Updated", updated, "t", "", ""),
            new MachineConfigPoolCondition("Degraded", degraded, "t", "", "")));
    ObjectReference ref = new ObjectReferenceBuilder().withName(source).build();
    st.setConfiguration(new PoolConfiguration("rendered-worker-1", List.of(ref)));
    return st;
  }
}
