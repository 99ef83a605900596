package io.ocelot.apiserver;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.ocelot.api.kube.LabelSelectors;
import java.util.List;
import java.util.Optional;

/**
 * The API server's eviction check (pure): an eviction is refused while a PodDisruptionBudget that
 * selects the pod has no disruption to spare. A real cluster's disruption controller keeps {@code
 * status.disruptionsAllowed}; here it is computed from the budget's spec and the pods at the time
 * of the request.
 */
final class Evictions {
  private Evictions() {}

  /** Why an eviction is refused: the budget and the message the API server answers with. */
  record Refusal(String budget, String message) {}

  static Optional<Refusal> check(Pod pod, List<Pod> namespacePods, List<PodDisruptionBudget> pdbs) {
    if (!healthy(pod)) {
      return Optional.empty(); // evicting a pod that is not ready costs no availability
    }
    for (PodDisruptionBudget pdb : pdbs) {
      if (pdb.getSpec() == null
          || LabelSelectors.isEmpty(pdb.getSpec().getSelector())
          || !LabelSelectors.matches(pdb.getSpec().getSelector(), pod.getMetadata().getLabels())) {
        continue;
      }
      List<Pod> covered =
          namespacePods.stream()
              .filter(
                  p ->
                      LabelSelectors.matches(
                          pdb.getSpec().getSelector(), p.getMetadata().getLabels()))
              .toList();
      int expected = covered.size();
      int healthy = (int) covered.stream().filter(Evictions::healthy).count();
      int needed = needed(pdb, expected);
      if (healthy - needed < 1) {
        return Optional.of(
            new Refusal(
                pdb.getMetadata().getName(),
                "The disruption budget "
                    + pdb.getMetadata().getName()
                    + " needs "
                    + needed
                    + " healthy pods and has "
                    + healthy
                    + " currently"));
      }
    }
    return Optional.empty();
  }

  /** Healthy pods the budget requires: minAvailable, or expected minus maxUnavailable. */
  private static int needed(PodDisruptionBudget pdb, int expected) {
    IntOrString min = pdb.getSpec().getMinAvailable();
    if (min != null) {
      return scaled(min, expected);
    }
    IntOrString max = pdb.getSpec().getMaxUnavailable();
    return max == null ? 0 : Math.max(0, expected - scaled(max, expected));
  }

  /** An int, or a percentage of {@code of} rounded up (as the disruption controller does). */
  private static int scaled(IntOrString v, int of) {
    if (v.getIntVal() != null) {
      return v.getIntVal();
    }
    String s = v.getStrVal().trim();
    if (s.endsWith("%")) {
      int percent = Integer.parseInt(s.substring(0, s.length() - 1));
      return (int) Math.ceil(of * percent / 100.0);
    }
    return Integer.parseInt(s);
  }

  static boolean healthy(Pod pod) {
    if (pod.getMetadata().getDeletionTimestamp() != null || pod.getStatus() == null) {
      return false;
    }
    List<PodCondition> conditions =
        pod.getStatus().getConditions() == null ? List.of() : pod.getStatus().getConditions();
    return conditions.stream()
        .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }
}
