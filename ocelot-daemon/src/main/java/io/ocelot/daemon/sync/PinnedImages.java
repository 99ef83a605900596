package io.ocelot.daemon.sync;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.model.McnPinnedImageSet;
import io.ocelot.api.model.PinnedImageRef;
import io.ocelot.api.model.PinnedImageSet;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.node.PinnedSets;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostLock;
import io.ocelot.daemon.node.mcn.McnMilestone;
import io.ocelot.daemon.txn.HostContext;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pins the images of the node's pool's pinned image sets, as the controller asks ({@code
 * ocelot.io/pinned-image-sets}): reads the sets, checks the node's storage before pulling anything
 * (a node without room says so instead of half-pulling), pulls what the container runtime lacks,
 * writes CRI-O's drop-in and reloads CRI-O only when it changed, and reports on the
 * MachineConfigNode. Runs while the node waits between updates, under the host lock; nothing here
 * changes what the node boots.
 */
final class PinnedImages {
  private static final Logger LOG = LoggerFactory.getLogger(PinnedImages.class);

  private final KubernetesClient client;
  private final HostContext host;
  private final NodeReporter reporter;
  private final String lockHolder;
  private final Clock clock;
  private final SyncLoop.Timer timer;

  private Optional<PinPlan.Outcome> last = Optional.empty();
  private List<McnPinnedImageSet> reported = List.of();

  PinnedImages(
      KubernetesClient client,
      HostContext host,
      NodeReporter reporter,
      String lockHolder,
      Clock clock,
      SyncLoop.Timer timer) {
    this.client = client;
    this.host = host;
    this.reporter = reporter;
    this.lockHolder = lockHolder;
    this.clock = clock;
    this.timer = timer;
  }

  /** Acts on the node's ask, if anything is left to do. */
  void consider(Node node) throws HostException {
    PinnedSets asked =
        PinnedSets.parse(
            Optional.ofNullable(node.getMetadata().getAnnotations())
                .map(a -> a.get(NodeAnnotations.PINNED_IMAGE_SETS))
                .orElse(null));
    PinPlan.Decision d =
        PinPlan.decide(
            asked,
            last,
            host.files().stat(PinPlan.DROP_IN).isPresent(),
            ephemeralStorage(node),
            clock.instant());
    // Wait: the failure asked for a sync at its retry time already.
    if (d instanceof PinPlan.Unpin) {
      unpin(node.getMetadata().getName());
    } else if (d instanceof PinPlan.Pin p) {
      pin(node, p.asked());
    }
  }

  private void unpin(String name) throws HostException {
    try (HostLock.Lease lease = host.lock().acquire(lockHolder)) {
      if (host.files().stat(PinPlan.DROP_IN).isPresent()) {
        host.files().delete(PinPlan.DROP_IN);
        host.systemd().serviceAction("reload", "crio.service");
        LOG.info("node {}: no pinned image sets any more; CRI-O's pins removed", name);
      }
    }
    report(List.of(), McnMilestone.PinPhase.DONE);
    last =
        Optional.of(
            new PinPlan.Outcome(PinnedSets.of(Map.of()), true, clock.instant(), Optional.empty()));
  }

  private void pin(Node node, PinnedSets asked) throws HostException {
    String name = node.getMetadata().getName();
    Map<String, Long> generations = new TreeMap<>(asked.generations());
    try {
      Map<String, List<String>> images = new LinkedHashMap<>();
      for (String set : asked.generations().keySet()) {
        PinnedImageSet s = read(set);
        generations.put(set, s.generation());
        images.put(
            set, s.getSpec().getPinnedImages().stream().map(PinnedImageRef::getName).toList());
      }
      List<String> all = PinPlan.images(images);
      int pulled = pullMissing(node, all, generations);
      boolean changed = ensureDropIn(all);
      report(
          PinPlan.entries(generations, reported, true, Optional.empty()),
          McnMilestone.PinPhase.DONE);
      LOG.info(
          "node {}: pinned {} images of {} ({} pulled{})",
          name,
          all.size(),
          asked.value().orElse(""),
          pulled,
          changed ? ", CRI-O reloaded" : "");
      last = Optional.of(new PinPlan.Outcome(asked, true, clock.instant(), Optional.empty()));
    } catch (HostException | KubernetesClientException e) {
      String why = e.getMessage();
      LOG.warn("node {}: pinning {} failed: {}", name, asked.value().orElse(""), why);
      report(
          PinPlan.entries(generations, reported, false, Optional.of(why)),
          McnMilestone.PinPhase.FAILED);
      last =
          Optional.of(new PinPlan.Outcome(asked, false, clock.instant(), ephemeralStorage(node)));
      timer.syncIn(PinPlan.RETRY);
    }
  }

  private PinnedImageSet read(String set) throws HostException {
    PinnedImageSet s = client.resources(PinnedImageSet.class).withName(set).get();
    if (s == null) {
      throw new HostException("PinnedImageSet " + set + " not found");
    }
    return s;
  }

  /**
   * Pulls the images the runtime lacks, after the storage check, saying so on the MachineConfigNode
   * first (a daemon that finds everything in place after a restart writes nothing); how many it
   * pulled.
   */
  private int pullMissing(Node node, List<String> images, Map<String, Long> generations)
      throws HostException {
    List<String> missing = new ArrayList<>();
    for (String image : images) {
      if (!host.containers().present(image)) {
        missing.add(image);
      }
    }
    if (missing.isEmpty()) {
      return 0;
    }
    long required = 0;
    for (String image : missing) {
      required += 2 * host.containers().size(image);
    }
    Optional<String> problem =
        PinPlan.storageProblem(
            ephemeralStorage(node), required, missing.size(), node.getMetadata().getName());
    if (problem.isPresent()) {
      throw new HostException(problem.get());
    }
    report(
        PinPlan.entries(generations, reported, false, Optional.empty()),
        McnMilestone.PinPhase.PULLING);
    try (HostLock.Lease lease = host.lock().acquire(lockHolder)) {
      for (String image : missing) {
        host.containers().pull(image);
      }
    }
    return missing.size();
  }

  private static Optional<Long> ephemeralStorage(Node node) {
    return Optional.ofNullable(node.getStatus())
        .map(s -> s.getAllocatable())
        .map(a -> a.get("ephemeral-storage"))
        .map(Quantity::getNumericalAmount)
        .map(java.math.BigDecimal::longValue);
  }

  /** Writes CRI-O's drop-in when it differs and reloads CRI-O; whether it did. */
  private boolean ensureDropIn(List<String> images) throws HostException {
    String wanted = PinPlan.dropIn(images);
    Optional<FileState> now = host.files().stat(PinPlan.DROP_IN);
    if (now.orElse(null) instanceof FileState.Regular r
        && new String(r.contents().toArray(), StandardCharsets.UTF_8)
            .strip()
            .equals(wanted.strip())) {
      return false;
    }
    try (HostLock.Lease lease = host.lock().acquire(lockHolder)) {
      host.files().ensureDirectory("/etc/crio/crio.conf.d", 0755, 0, 0);
      host.files().write(PinPlan.DROP_IN, Bytes.utf8(wanted), 0644, 0, 0);
      host.systemd().serviceAction("reload", "crio.service");
    }
    return true;
  }

  private void report(List<McnPinnedImageSet> sets, McnMilestone.PinPhase phase)
      throws HostException {
    reported = sets;
    reporter.progress(new McnMilestone.Pins(sets, phase));
  }
}
