package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.McnPinnedImageSet;
import io.ocelot.api.model.PoolSynchronizerStatus;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.fakehost.FakeHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39 item 4 on the whole sim (real control plane, controller, daemons), driven with kubectl:
 * a PinnedImageSet labelled for the worker role is pulled onto both workers without a reboot and
 * pinned in CRI-O's drop-in; each MachineConfigNode and the pool report it; a node whose disk
 * cannot take the next generation says so and pulls nothing until its disk is freed; deleting the
 * set unpins it.
 */
class PinnedImageSetIT {
  static final List<String> WORKERS = List.of("worker-0", "worker-1");
  static final String A = "quay.io/ocelot/tools@sha256:" + "a".repeat(64);
  static final String B = "quay.io/ocelot/agent@sha256:" + "b".repeat(64);
  static final String C = "registry.example.com:5000/ocelot/big@sha256:" + "c".repeat(64);
  static final String DROP_IN = "etc/crio/crio.conf.d/50-pinned-images";

  @TempDir Path dir;
  SimCluster sim;
  Kubectl kubectl;

  @AfterEach
  void stop() {
    if (sim != null) {
      sim.close();
    }
  }

  @Test
  void aSetIsPulledAndPinnedOnItsPoolsNodesAndADiskFullNodeSaysSo() throws Exception {
    sim = SmallSims.twoWorkers(dir);
    kubectl = new Kubectl(sim.state().kubeconfig());
    String rendered = SmallSims.rendered(sim, "worker");
    Map<String, String> boots = new HashMap<>();
    for (String n : WORKERS) {
      boots.put(n, host(n).bootId());
    }

    // Upstream's rules refuse an image without a digest.
    apply("bad.yaml", set("bad", "quay.io/ocelot/tools:latest"));
    assertThat(kubectl.fails("apply", "-f", dir.resolve("bad.yaml").toString()))
        .contains("the OCI Image reference must end with a valid '@sha256:<digest>' suffix");

    apply("tools.yaml", set("tools", A, B));
    kubectl.ok("apply", "-f", dir.resolve("tools.yaml").toString());
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () -> {
              for (String n : WORKERS) {
                assertThat(entries(n))
                    .containsExactly(new McnPinnedImageSet("tools", 1L, 1L, null, null));
              }
              assertThat(synchronizer().getUpdatedMachineCount()).isEqualTo(2L);
            });
    assertThat(pool().getSpec().getPinnedImageSets())
        .extracting(r -> r.getName())
        .containsExactly("tools");
    for (String n : WORKERS) {
      assertThat(sim.client().nodes().withName(n).get().getMetadata().getAnnotations())
          .containsEntry(NodeAnnotations.PINNED_IMAGE_SETS, "tools=1");
      assertThat(host(n).criPulled(A) && host(n).criPulled(B)).as(n + " pulled both").isTrue();
      assertThat(Files.readString(host(n).root().resolve(DROP_IN)))
          .isEqualTo(
              "[crio]\n  [crio.image]\n    pinned_images = [\"" + B + "\", \"" + A + "\"]\n");
      assertThat(Files.readString(host(n).root().resolve("var/lib/fakehost/service-actions")))
          .contains("reload crio.service");
      assertThat(condition(n, "PinnedImageSetsProgressing")).isEqualTo("False/AsExpected");
      // Pinning is no update: no reboot, no new rendered config.
      assertThat(host(n).bootId()).isEqualTo(boots.get(n));
    }
    assertThat(SmallSims.rendered(sim, "worker")).isEqualTo(rendered);
    assertThat(poolCondition("PinnedImageSetsDegraded").getStatus()).isEqualTo("False");
    assertThat(kubectl.ok("get", "pinnedimageset")).contains("tools").contains("AGE");
    // Issue 39's line: every new kind answers kubectl as on OpenShift.
    assertThat(kubectl.ok("get", "kubeletconfig,ctrcfg,osimagestream,pinnedimageset"))
        .contains("osimagestream.machineconfiguration.openshift.io/cluster")
        .contains("pinnedimageset.machineconfiguration.openshift.io/tools");

    // An update reboots both nodes: the daemons start again knowing nothing, find the images and
    // the drop-in in place, and neither pull nor reload CRI-O again.
    Map<String, String> progressed = new HashMap<>();
    Map<String, Long> looked = new HashMap<>();
    for (String n : WORKERS) {
      progressed.put(n, transition(n, "PinnedImageSetsProgressing"));
      looked.put(n, count(n, "var/log/fakehost.log", "crictl inspecti"));
    }
    apply("motd.yaml", SmallSims.workerFileYaml("99-motd", "/etc/motd", "pinned"));
    kubectl.ok("apply", "-f", dir.resolve("motd.yaml").toString());
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                !SmallSims.rendered(sim, "worker").equals(rendered)
                    && SmallSims.doneOn(sim, WORKERS, SmallSims.rendered(sim, "worker")));
    for (String n : WORKERS) {
      // The sign that the restarted daemon looked (its log line comes after the pulls, the
      // drop-in and the report): it asked the runtime for both images again and pinned nothing.
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  count(n, "var/log/fakehost.log", "crictl inspecti") >= looked.get(n) + 2
                      && kubectl
                          .ok(
                              "logs",
                              "-n",
                              "openshift-machine-config-operator",
                              "ocelot-daemon-" + n)
                          .contains("pinned 2 images of tools=1 (0 pulled)"));
      assertThat(host(n).bootId()).as(n + " rebooted").isNotEqualTo(boots.get(n));
      assertThat(entries(n)).containsExactly(new McnPinnedImageSet("tools", 1L, 1L, null, null));
      assertThat(count(n, "var/lib/fakehost/service-actions", "reload crio.service")).isEqualTo(1);
      assertThat(count(n, "var/log/fakehost.log", "crictl pull")).isEqualTo(2);
      // Nothing to pull: the MachineConfigNode never said it was prefetching again.
      assertThat(transition(n, "PinnedImageSetsProgressing")).isEqualTo(progressed.get(n));
    }

    // worker-1's disk fills; the set's next generation adds a 3 GiB image, which needs 6 GiB
    // unpacked where 1 GiB is left above the 16 GiB that must stay free.
    assertThat(sim.apply(new Fault.FillDisk("worker-1"))).contains("17Gi");
    host("worker-1").pullCost(3072, 100_000);
    apply("tools.yaml", set("tools", A, B, C));
    kubectl.ok("apply", "-f", dir.resolve("tools.yaml").toString());
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () -> {
              assertThat(entries("worker-0"))
                  .containsExactly(new McnPinnedImageSet("tools", 2L, 2L, null, null));
              McnPinnedImageSet failed = entries("worker-1").get(0);
              assertThat(failed.getCurrentGeneration()).isEqualTo(1L);
              assertThat(failed.getDesiredGeneration()).isEqualTo(2L);
              assertThat(failed.getLastFailedGeneration()).isEqualTo(2L);
              assertThat(failed.getLastFailedGenerationError())
                  .startsWith("storage available is less than minimum required: pulling 1 image")
                  .endsWith("nothing was pulled");
              assertThat(poolCondition("PinnedImageSetsDegraded").getMessage())
                  .startsWith("Node worker-1 cannot pin tools (generation 2): storage available");
              // The pool's status follows its nodes' reports (paced: a pass or two later).
              assertThat(poolCondition("Degraded").getReason())
                  .isEqualTo("PinnedImageSetsDegraded");
              assertThat(synchronizer().getUpdatedMachineCount()).isEqualTo(1L);
            });
    assertThat(condition("worker-1", "PinnedImageSetsDegraded")).isEqualTo("True/PrefetchFailed");
    assertThat(host("worker-1").criPulled(C)).isFalse();
    assertThat(Files.readString(host("worker-1").root().resolve(DROP_IN))).doesNotContain(C);
    assertThat(Files.readString(host("worker-0").root().resolve(DROP_IN))).contains(C);
    // The node's update state is untouched: only its pins are degraded.
    assertThat(condition("worker-1", "NodeDegraded")).startsWith("False/");

    // The disk is freed: the node retries on its own and pins generation 2.
    sim.apply(new Fault.FreeDisk("worker-1"));
    host("worker-1").pullCost(0, 1);
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () -> {
              assertThat(entries("worker-1").get(0).getCurrentGeneration()).isEqualTo(2L);
              assertThat(poolCondition("PinnedImageSetsDegraded").getStatus()).isEqualTo("False");
              assertThat(poolCondition("Degraded").getStatus()).isEqualTo("False");
            });
    assertThat(host("worker-1").criPulled(C)).isTrue();
    assertThat(condition("worker-1", "PinnedImageSetsDegraded")).isEqualTo("False/AsExpected");

    // Deleting the set unpins it everywhere.
    kubectl.ok("delete", "pinnedimageset", "tools");
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () -> {
              for (String n : WORKERS) {
                assertThat(host(n).root().resolve(DROP_IN)).doesNotExist();
                assertThat(entries(n)).isEmpty();
                assertThat(sim.client().nodes().withName(n).get().getMetadata().getAnnotations())
                    .doesNotContainKey(NodeAnnotations.PINNED_IMAGE_SETS);
              }
            });
    assertThat(pool().getSpec().getPinnedImageSets()).isEmpty();
  }

  private static String set(String name, String... images) {
    StringBuilder b =
        new StringBuilder(
            """
            apiVersion: machineconfiguration.openshift.io/v1
            kind: PinnedImageSet
            metadata:
              name: %s
              labels: {machineconfiguration.openshift.io/role: worker}
            spec:
              pinnedImages:
            """
                .formatted(name));
    for (String i : images) {
      b.append("  - name: ").append(i).append('\n');
    }
    return b.toString();
  }

  private void apply(String file, String yaml) throws Exception {
    Files.writeString(dir.resolve(file), yaml);
  }

  /** How many lines of a file of the node's root contain {@code text}. */
  private long count(String node, String file, String text) throws Exception {
    return Files.readAllLines(host(node).root().resolve(file)).stream()
        .filter(l -> l.contains(text))
        .count();
  }

  private FakeHost host(String node) throws SimException {
    return sim.node(node).host();
  }

  private MachineConfigPool pool() {
    return sim.client().resources(MachineConfigPool.class).withName("worker").get();
  }

  private PoolSynchronizerStatus synchronizer() {
    return pool().getStatus().getPoolSynchronizersStatus().stream()
        .filter(s -> "PinnedImageSets".equals(s.getPoolSynchronizerType()))
        .findFirst()
        .orElseThrow();
  }

  private MachineConfigPoolCondition poolCondition(String type) {
    return pool().getStatus().getConditions().stream()
        .filter(c -> type.equals(c.getType()))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no pool condition " + type));
  }

  private List<McnPinnedImageSet> entries(String node) {
    MachineConfigNode mcn = sim.client().resources(MachineConfigNode.class).withName(node).get();
    return Optional.ofNullable(mcn.getStatus().getPinnedImageSets()).orElse(List.of());
  }

  private String transition(String node, String type) {
    MachineConfigNode mcn = sim.client().resources(MachineConfigNode.class).withName(node).get();
    return mcn.getStatus().getConditions().stream()
        .filter(c -> type.equals(c.getType()))
        .map(c -> c.getLastTransitionTime())
        .findFirst()
        .orElse("absent");
  }

  private String condition(String node, String type) {
    MachineConfigNode mcn = sim.client().resources(MachineConfigNode.class).withName(node).get();
    return mcn.getStatus().getConditions().stream()
        .filter(c -> type.equals(c.getType()))
        .map(c -> c.getStatus() + "/" + c.getReason())
        .findFirst()
        .orElse("absent");
  }
}
