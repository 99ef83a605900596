package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import io.ocelot.runtime.kube.EventRecorder;
import io.ocelot.testing.ManualClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Events through events.k8s.io/v1 on the real API server, which validates them strictly (an action,
 * a reporting controller and instance, a MicroTime, no deprecated fields, a series of at least
 * two): created once, counted up in their series, and read by {@code kubectl events}, by core/v1
 * readers ({@code kubectl describe}) and by events.k8s.io/v1 readers alike.
 */
class EventRecorderIT {
  @RegisterExtension static final SharedControlPlane PLANE = new SharedControlPlane();

  @TempDir Path dir;

  private final ManualClock clock = ManualClock.at(Instant.parse("2026-12-07T03:00:00.123456789Z"));

  private Node node(String name) {
    return PLANE
        .client
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName(name).endMetadata().build())
        .create();
  }

  /**
   * The recorder's events in {@code namespace}: the control plane's own controllers write there too
   * (its IP allocator's ClusterIPNotAllocated at start-up made a count of all of them flaky).
   */
  private List<Event> events(String namespace) {
    return PLANE.client.events().v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> e.getReportingController() != null)
        .filter(e -> e.getReportingController().startsWith("machineconfig"))
        .toList();
  }

  @Test
  void aRepeatContinuesTheSeriesAndEveryReaderSeesOneEvent() throws Exception {
    Node worker = node("worker-1");
    EventRecorder daemon =
        new EventRecorder(PLANE.client, "machineconfigdaemon", Optional.of("default"), clock);
    EventRecorder.Involved on =
        EventRecorder.Involved.node("worker-1", worker.getMetadata().getUid());
    EventRecorder.Occurrence failed =
        new EventRecorder.Occurrence(
            on,
            "Warning",
            "UpdateFailed",
            "reboot command failed: systemd-run exited 127 " + "é".repeat(600),
            Map.of("ocelot.io/failure", "{\"phase\":\"reboot\"}"),
            Optional.of("worker-1"));
    daemon.record(failed);
    clock.advance(Duration.ofSeconds(30));
    daemon.record(failed);
    clock.advance(Duration.ofSeconds(30));
    daemon.record(failed);
    daemon.record(EventRecorder.Occurrence.of(on, "Normal", "Drain", "Draining node."));

    List<Event> stored = events("default");
    assertThat(stored).hasSize(2);
    Event update =
        stored.stream().filter(e -> e.getReason().equals("UpdateFailed")).findFirst().orElseThrow();
    assertThat(update.getReportingController()).isEqualTo("machineconfigdaemon");
    assertThat(update.getReportingInstance()).isEqualTo("machineconfigdaemon-worker-1");
    assertThat(update.getAction()).isEqualTo("Updating");
    assertThat(update.getType()).isEqualTo("Warning");
    assertThat(update.getRegarding().getKind()).isEqualTo("Node");
    assertThat(update.getRegarding().getUid()).isEqualTo(worker.getMetadata().getUid());
    assertThat(update.getNote()).startsWith("reboot command failed").endsWith("...");
    assertThat(update.getNote().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(1024);
    assertThat(update.getEventTime().getTime()).isEqualTo("2026-12-07T03:00:00.123456Z");
    assertThat(update.getSeries().getCount()).isEqualTo(3);
    assertThat(update.getSeries().getLastObservedTime().getTime())
        .isEqualTo("2026-12-07T03:01:00.123456Z");
    assertThat(update.getMetadata().getAnnotations())
        .containsEntry("ocelot.io/failure", "{\"phase\":\"reboot\"}");
    Event drain =
        stored.stream().filter(e -> e.getReason().equals("Drain")).findFirst().orElseThrow();
    assertThat(drain.getAction()).isEqualTo("Draining");
    assertThat(drain.getSeries()).isNull();

    // core/v1 readers get the same objects, converted.
    io.fabric8.kubernetes.api.model.Event core =
        PLANE
            .client
            .v1()
            .events()
            .inNamespace("default")
            .withName(update.getMetadata().getName())
            .get();
    assertThat(core.getInvolvedObject().getName()).isEqualTo("worker-1");
    assertThat(core.getMessage()).isEqualTo(update.getNote());
    assertThat(core.getReportingComponent()).isEqualTo("machineconfigdaemon");
    assertThat(core.getSeries().getCount()).isEqualTo(3);

    String listed = kubectl("events", "-n", "default", "--for", "node/worker-1");
    assertThat(listed).contains("UpdateFailed").contains("(x3 over").contains("Drain");
    assertThat(kubectl("describe", "node", "worker-1"))
        .contains("UpdateFailed")
        .contains("reboot command failed");
  }

  @Test
  void aNamespacedObjectsEventsGoToItsNamespaceAndTheControllerNamesItsHost() {
    Namespace builds =
        PLANE
            .client
            .namespaces()
            .resource(
                new NamespaceBuilder().withNewMetadata().withName("builds").endMetadata().build())
            .create();
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withName("builder")
            .withNamespace("builds")
            .withUid("u-2")
            .endMetadata()
            .build();
    new EventRecorder(
            PLANE.client,
            "machineconfigcontroller",
            Optional.empty(),
            clock,
            () -> "ocelot-controller-7d9f")
        .record(
            EventRecorder.Occurrence.of(
                EventRecorder.Involved.of(pod), "Normal", "BuildStarted", "Started build"));
    List<Event> in = events("builds");
    assertThat(in).hasSize(1);
    assertThat(in.get(0).getAction()).isEqualTo("Building");
    assertThat(in.get(0).getReportingInstance())
        .isEqualTo("machineconfigcontroller-ocelot-controller-7d9f");
    PLANE.client.resource(builds).delete();
  }

  private String kubectl(String... args) throws Exception {
    Path kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(kubeconfig, PLANE.cluster.kubeconfig());
    List<String> cmd = new ArrayList<>(List.of("kubectl", "--kubeconfig", kubeconfig.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }
}
