package io.ocelot.controller.drain;

import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Optional;

/** Evicts pods and lists those on a node (a port: the API server, or a fake in tests). */
public interface PodEvictor {

  /** The pods scheduled on {@code node}, in every namespace. */
  List<Pod> podsOn(String node);

  /** Asks the API server to evict {@code pod}. */
  Eviction evict(Pod pod);

  /** What an eviction request gave. */
  sealed interface Eviction permits Evicted, Blocked {}

  /** Accepted (or the pod was already gone). */
  record Evicted() implements Eviction {}

  /** Refused with 429: a PodDisruptionBudget, named when one is found that selects the pod. */
  record Blocked(Optional<String> budget) implements Eviction {}
}
