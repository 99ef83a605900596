package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.node.NodeAnnotations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every write to a Node during one rebooting and one rebootless update, in order, as a node watch
 * sees them — pinned (issue 16), so that a change that adds a write fails here. The simulated
 * kubelet's two status writes around the reboot are left out: a real kubelet makes them, not
 * Ocelot.
 */
class NodeWritesIT {
  @TempDir Path dir;

  /** What changed between two versions of a node: annotation keys (short), spec fields. */
  static String diff(Node before, Node after, String config) {
    List<String> out = new ArrayList<>();
    Map<String, String> a = before.getMetadata().getAnnotations();
    Map<String, String> b = after.getMetadata().getAnnotations();
    TreeSet<String> keys = new TreeSet<>(a.keySet());
    keys.addAll(b.keySet());
    keys.remove(POKE); // the test's own poke (SmallSims.awaitControllerLookedAgain)
    for (String k : keys) {
      if (!Objects.equals(a.get(k), b.get(k))) {
        String v = b.get(k);
        String shortKey = k.substring(k.lastIndexOf('/') + 1);
        out.add(shortKey + "=" + (v == null ? "<removed>" : v.replace(config, "R")));
      }
    }
    if (!Objects.equals(before.getSpec().getUnschedulable(), after.getSpec().getUnschedulable())) {
      out.add("unschedulable=" + after.getSpec().getUnschedulable());
    }
    if (!Objects.equals(before.getSpec().getTaints(), after.getSpec().getTaints())) {
      out.add("taints=" + after.getSpec().getTaints().size());
    }
    if (!Objects.equals(before.getStatus(), after.getStatus())) {
      out.add("status");
    }
    if (!Objects.equals(before.getMetadata().getLabels(), after.getMetadata().getLabels())) {
      out.add("labels");
    }
    return String.join(", ", out);
  }

  static final String POKE = "example.com/poke";

  static boolean drainAcknowledged(SimCluster sim, String node) {
    Map<String, String> a = SmallSims.annotations(sim, node);
    return Objects.equals(
        a.get(NodeAnnotations.DESIRED_DRAIN), a.get(NodeAnnotations.LAST_APPLIED_DRAIN));
  }

  /** The rendered config a node is told to go to. */
  static String rendered(Node node) {
    return node.getMetadata().getAnnotations().getOrDefault(NodeAnnotations.DESIRED_CONFIG, "?");
  }

  /** Records the writes to every node while it is open (the kubelet's status writes left out). */
  static final class Recorder implements Watcher<Node>, AutoCloseable {
    private final Map<String, Node> last = new HashMap<>();
    private final Map<String, List<String>> writes = new HashMap<>();
    private final Watch watch;

    Recorder(SimCluster sim) {
      for (Node n : sim.client().nodes().list().getItems()) {
        last.put(n.getMetadata().getName(), n);
        writes.put(n.getMetadata().getName(), new ArrayList<>());
      }
      watch = sim.client().nodes().watch(this);
    }

    @Override
    public synchronized void eventReceived(Action action, Node node) {
      String name = node.getMetadata().getName();
      String d = diff(last.get(name), node, rendered(node));
      if (action == Action.MODIFIED && !d.equals("status") && !d.isEmpty()) {
        writes.get(name).add(d);
      }
      last.put(name, node);
    }

    @Override
    public void onClose(WatcherException cause) {}

    synchronized List<String> of(String node) {
      return List.copyOf(writes.get(node));
    }

    @Override
    public void close() {
      watch.close();
      writes.forEach((n, l) -> System.out.println("writes to " + n + ": " + String.join(" | ", l)));
    }
  }

  /** Creates {@code mc} and records the writes until both workers are Done on its config. */
  static Recorder update(SimCluster sim, MachineConfig mc) throws Exception {
    String before = SmallSims.annotations(sim, "worker-0").get(NodeAnnotations.CURRENT_CONFIG);
    try (Recorder r = new Recorder(sim)) {
      sim.client().resources(MachineConfig.class).resource(mc).create();
      await()
          .atMost(Duration.ofSeconds(120))
          .until(
              () ->
                  SmallSims.settledOffConfig(sim, "worker-0", before)
                      && SmallSims.settledOffConfig(sim, "worker-1", before));
      // Late writes (the uncordon after Done) must show up too: the controller acknowledged the
      // last drain request of both, then passed over the pool again without writing more.
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> drainAcknowledged(sim, "worker-0") && drainAcknowledged(sim, "worker-1"));
      SmallSims.awaitControllerLookedAgain(sim, "worker");
      return r;
    }
  }

  @Test
  void aRebootingUpdateIsSixNodeWritesAndARebootlessOneThree() throws Exception {
    try (SimCluster sim = SmallSims.twoWorkers(dir)) {
      Recorder rebooting = update(sim, SmallSims.workerFile("99-writes", "/etc/writes.conf", "x"));
      List<String> update =
          List.of(
              "desiredConfig=R", // controller: the target
              // daemon: the update starts, asks for its drain, announces its reboot
              "desiredDrain=drain-R, post-config-action=Rebooting, state=Working",
              "cordoned-for-drain=true, unschedulable=true", // controller: cordon
              "lastAppliedDrain=drain-R", // controller: drained
              // daemon, after the boot: Done, and the uncordon request with it
              "currentConfig=R, desiredDrain=uncordon-R, post-config-action=<removed>,"
                  + " state=Done",
              "lastAppliedDrain=uncordon-R, cordoned-for-drain=<removed>, unschedulable=null");
      assertThat(rebooting.of("worker-0")).isEqualTo(update);
      // The second node waited for its slot, tainted meanwhile (MCO's UpdateInProgress): one
      // write more, the taint's removal rides with its target.
      assertThat(rebooting.of("worker-1"))
          .isEqualTo(
              Stream.concat(
                      Stream.of("taints=2", "desiredConfig=R, taints=1"), update.stream().skip(1))
                  .toList());

      MachineConfig key =
          Serialization.unmarshal(
              Files.readString(Path.of("../examples/70-core-ssh.yaml")), MachineConfig.class);
      Recorder rebootless = update(sim, key);
      // No drain, no reboot: nothing to uncordon, so no uncordon handshake (MCO makes one).
      List<String> keyUpdate =
          List.of("desiredConfig=R", "state=Working", "currentConfig=R, state=Done");
      assertThat(rebootless.of("worker-0")).isEqualTo(keyUpdate);
      assertThat(rebootless.of("worker-1"))
          .isEqualTo(
              Stream.concat(
                      Stream.of("taints=2", "desiredConfig=R, taints=1"),
                      keyUpdate.stream().skip(1))
                  .toList());
    }
  }
}
