package io.ocelot.daemon.node.mcn;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.api.json.Json;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigNodeStatus;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.daemon.txn.FailureJson;
import io.ocelot.runtime.kube.PatchTarget;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the node's own MachineConfigNode status: one merge patch of the whole status per
 * milestone, none when nothing changes. The object is read once and again at the start of each
 * update (the controller may have moved its spec); between, the last write is the view, since the
 * daemon is the status's only writer. The MachineConfigNode is a report: a failure to write it is
 * logged and never fails the update (the Node's annotations are the protocol).
 */
public final class McnWriter {
  private static final Logger LOG = LoggerFactory.getLogger(McnWriter.class);

  private final KubernetesClient client;
  private final String node;
  private final Clock clock;
  private static final Duration RETRY_CAP = Duration.ofMinutes(1);

  /** Ocelot's failure record on the MachineConfigNode, as on the Node. */
  public static final String LAST_FAILURE = NodeAnnotations.LAST_FAILURE;

  private int misses;
  private MachineConfigNode last;
  private Optional<McnMilestone.Started> started = Optional.empty();
  private Optional<McnMilestone.Pins> pins = Optional.empty();

  public McnWriter(KubernetesClient client, String node, Clock clock) {
    this.client = client;
    this.node = node;
    this.clock = clock;
  }

  /**
   * When to report again because the MachineConfigNode did not exist (the controller creates it,
   * maybe after this daemon starts): backing off from 1 s to a minute, so that a cluster without
   * the CRD costs one GET a minute.
   */
  public synchronized Optional<Duration> retryIn() {
    if (misses == 0) {
      return Optional.empty();
    }
    Duration d = Duration.ofSeconds(1L << Math.min(misses - 1, 6));
    return Optional.of(d.compareTo(RETRY_CAP) > 0 ? RETRY_CAP : d);
  }

  /**
   * Reports {@code m}; {@code currentConfig} is the node's {@code currentConfig} annotation, shown
   * as the current version until the first update completes.
   */
  public synchronized void report(McnMilestone m, Optional<String> currentConfig) {
    if (m instanceof McnMilestone.Started s) {
      started = Optional.of(s);
      last = null;
    }
    if (m instanceof McnMilestone.Pins p) {
      pins = Optional.of(p);
    }
    boolean fresh = last == null;
    try {
      if (fresh) {
        last = client.resources(MachineConfigNode.class).withName(node).get();
        if (last == null) {
          misses++;
          LOG.debug("node {} has no MachineConfigNode yet; not reporting {}", node, m);
          return;
        }
        misses = 0;
      }
      MachineConfigNodeStatus before =
          Optional.ofNullable(last.getStatus()).orElseGet(MachineConfigNodeStatus::new);
      long generation =
          Optional.ofNullable(last.getMetadata().getGeneration()).filter(g -> g > 0).orElse(1L);
      String now = clock.instant().toString();
      MachineConfigNodeStatus base = before;
      if (fresh && !(m instanceof McnMilestone.Pins)) {
        // Pins are reported apart from updates, once: an object read afresh that lacks them (the
        // controller created it after the daemon pinned, or created it again) gets them now.
        Optional<McnMilestone.Pins> lost =
            pins.filter(
                p ->
                    !p.sets()
                        .equals(
                            Optional.ofNullable(before.getPinnedImageSets()).orElse(List.of())));
        if (lost.isPresent()) {
          base =
              McnStatuses.next(before, lost.get(), node, currentConfig, started, generation, now);
        }
      }
      MachineConfigNodeStatus after =
          McnStatuses.next(base, m, node, currentConfig, started, generation, now);
      if (!Json.MAPPER.valueToTree(before).equals(Json.MAPPER.valueToTree(after))) {
        writeStatus(before, after);
      }
      failureRecord(m);
    } catch (KubernetesClientException e) {
      LOG.warn("could not report {} on MachineConfigNode {}: {}", m, node, e.getMessage());
      last = null;
    } finally {
      if (m instanceof McnMilestone.Done) {
        started = Optional.empty();
      }
    }
  }

  private void writeStatus(MachineConfigNodeStatus before, MachineConfigNodeStatus after) {
    ObjectNode patch = JsonNodeFactory.instance.objectNode();
    ObjectNode status = patch.putObject("status");
    status.setAll((ObjectNode) Json.MAPPER.valueToTree(after));
    if (before.getConfigImage() != null && after.getConfigImage() == null) {
      // A merge patch keeps what it does not mention: leaving image mode deletes explicitly.
      status.putNull("configImage");
    }
    if (before.getIrreconcilableChanges() != null && after.getIrreconcilableChanges() == null) {
      status.putNull("irreconcilableChanges");
    }
    if (before.getPinnedImageSets() != null && after.getPinnedImageSets() == null) {
      status.putNull("pinnedImageSets");
    }
    last =
        client
            .resources(MachineConfigNode.class)
            .resource(PatchTarget.of(last))
            .subresource("status")
            .patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
  }

  /**
   * The failure record beside the conditions, so that {@code kubectl get mcn -o yaml} and {@code
   * ocelot describe node} show the steps and their undo without the Node: an annotation, not status
   * fields upstream's schema would prune. Written on a failure, removed when done.
   */
  private void failureRecord(McnMilestone m) {
    Map<String, String> annotations = ObjectMaps.present(last.getMetadata().getAnnotations());
    String patch;
    if (m instanceof McnMilestone.Failed f && f.failure().isPresent()) {
      String record = FailureJson.write(f.failure().get()).toString();
      if (record.equals(annotations.get(LAST_FAILURE))) {
        return;
      }
      patch = JsonNodeFactory.instance.objectNode().put(LAST_FAILURE, record).toString();
    } else if (m instanceof McnMilestone.Done && annotations.containsKey(LAST_FAILURE)) {
      patch = JsonNodeFactory.instance.objectNode().putNull(LAST_FAILURE).toString();
    } else {
      return;
    }
    last =
        client
            .resources(MachineConfigNode.class)
            .resource(PatchTarget.of(last))
            .patch(
                PatchContext.of(PatchType.JSON_MERGE),
                "{\"metadata\":{\"annotations\":" + patch + "}}");
  }
}
