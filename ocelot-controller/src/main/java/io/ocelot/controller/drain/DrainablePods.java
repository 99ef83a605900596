package io.ocelot.controller.drain;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Map;

/**
 * Which pods a drain must evict from a node (pure): all of them except DaemonSet pods (their
 * controller would recreate them at once, and they tolerate the cordon) and mirror pods (the
 * kubelet owns them; the API server cannot evict them).
 */
public final class DrainablePods {
  static final String MIRROR_ANNOTATION = "kubernetes.io/config.mirror";

  private DrainablePods() {}

  public static List<Pod> of(List<Pod> onNode) {
    return onNode.stream().filter(p -> !daemonSet(p) && !mirror(p)).toList();
  }

  private static boolean daemonSet(Pod p) {
    List<OwnerReference> owners = p.getMetadata().getOwnerReferences();
    return owners != null
        && owners.stream()
            .anyMatch(
                o -> "DaemonSet".equals(o.getKind()) && Boolean.TRUE.equals(o.getController()));
  }

  private static boolean mirror(Pod p) {
    Map<String, String> a = p.getMetadata().getAnnotations();
    return a != null && a.containsKey(MIRROR_ANNOTATION);
  }
}
