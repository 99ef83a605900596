package io.ocelot.controller.drain;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.kube.LabelSelectors;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Evicts through the Eviction API, so PodDisruptionBudgets are honoured by the API server. Its
 * client does not retry: fabric8 otherwise retries a 429 with backoff for about 40 s inside one
 * call, while the drain controller has its own, visible retry.
 */
public final class ApiPodEvictor implements PodEvictor, AutoCloseable {
  private final KubernetesClient client;

  public ApiPodEvictor(KubernetesClient shared) {
    this.client =
        new KubernetesClientBuilder()
            .withConfig(
                new ConfigBuilder(shared.getConfiguration())
                    .withRequestRetryBackoffLimit(0)
                    .build())
            .build();
  }

  @Override
  public List<Pod> podsOn(String node) {
    // The field selector narrows the list on a real API server; the embedded one ignores it.
    return client
        .pods()
        .inAnyNamespace()
        .withField("spec.nodeName", node)
        .list()
        .getItems()
        .stream()
        .filter(p -> p.getSpec() != null && node.equals(p.getSpec().getNodeName()))
        .toList();
  }

  @Override
  public Eviction evict(Pod pod) {
    String ns = pod.getMetadata().getNamespace();
    try {
      boolean evicted = client.pods().inNamespace(ns).withName(pod.getMetadata().getName()).evict();
      return evicted ? new Evicted() : new Blocked(budget(pod));
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return new Evicted(); // gone already
      }
      throw e;
    }
  }

  private Optional<String> budget(Pod pod) {
    String ns = pod.getMetadata().getNamespace();
    List<PodDisruptionBudget> pdbs =
        client.policy().v1().podDisruptionBudget().inNamespace(ns).list().getItems();
    return pdbs.stream()
        .filter(b -> b.getSpec() != null && !LabelSelectors.isEmpty(b.getSpec().getSelector()))
        .filter(
            b -> LabelSelectors.matches(b.getSpec().getSelector(), pod.getMetadata().getLabels()))
        .map(b -> ns + "/" + b.getMetadata().getName())
        .filter(Objects::nonNull)
        .findFirst();
  }

  @Override
  public void close() {
    client.close();
  }
}
