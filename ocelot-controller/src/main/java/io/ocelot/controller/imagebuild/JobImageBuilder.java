package io.ocelot.controller.imagebuild;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.controller.support.CacheStores;
import io.ocelot.controller.support.Owners;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The production builder: one Job per MachineOSBuild ({@link BuildJobs}) in the builds' own
 * namespace ({@link BuildNamespaces}) with its copies of the MachineOSConfig's secrets, its outcome
 * read from the Job status and the build pod's termination message (the digest, or the log tail).
 */
public final class JobImageBuilder implements ImageBuilder {
  private static final Pattern DIGEST = Pattern.compile("sha256:([0-9a-f]{64})");

  private final KubernetesClient client;
  private final BuildNamespaces namespaces;
  private final String namespace;
  private final String builderImage;
  private final ImageRegistry registry = new HttpImageRegistry(java.util.Set.of());
  private volatile InformerEventSource<Job, MachineOSConfig> jobs;
  static final String JOBS = "build-jobs";

  @Override
  public ImageRegistry registry() {
    return registry;
  }

  public JobImageBuilder(KubernetesClient client, BuildNamespaces namespaces, String builderImage) {
    this.client = client;
    this.namespaces = namespaces;
    this.namespace = namespaces.jobs();
    this.builderImage = builderImage;
  }

  @Override
  public Optional<String> start(BuildRequest request) {
    String name = BuildJobs.name(request);
    Map<String, Secret> copies = new LinkedHashMap<>();
    Optional<String> missing =
        copy(request, "push", Optional.of(BuildJobs.pushSecret(request)), copies)
            .or(() -> copy(request, "base", BuildJobs.baseSecret(request), copies));
    if (missing.isPresent()) {
      return missing;
    }
    client
        .configMaps()
        .inNamespace(namespace)
        .resource(BuildJobs.context(request, namespace))
        .createOr(existing -> existing.update());
    copies
        .values()
        .forEach(
            c -> client.secrets().inNamespace(namespace).resource(c).createOr(e -> e.update()));
    Job job = client.batch().v1().jobs().inNamespace(namespace).withName(name).get();
    if (job == null) {
      job =
          client
              .batch()
              .v1()
              .jobs()
              .inNamespace(namespace)
              .resource(BuildJobs.job(request, namespace, builderImage))
              .create();
    }
    // The copies of credentials go with the Job (garbage collection), not left behind.
    Job owner = job;
    for (Secret c : copies.values()) {
      client
          .secrets()
          .inNamespace(namespace)
          .withName(c.getMetadata().getName())
          .edit(
              s -> {
                Owners.setController(s, owner);
                return s;
              });
    }
    return Optional.empty();
  }

  /**
   * The build's copy of the MachineOSConfig's secret {@code source} (if it names one), read from
   * the secrets' namespace into {@code copies}; why not, when it is not there.
   */
  private Optional<String> copy(
      BuildRequest request, String role, Optional<String> source, Map<String, Secret> copies) {
    if (source.isEmpty()) {
      return Optional.empty();
    }
    Secret found = client.secrets().inNamespace(namespaces.secrets()).withName(source.get()).get();
    if (found == null) {
      return Optional.of(
          "MachineOSConfig "
              + request.config().getMetadata().getName()
              + " names secret "
              + source.get()
              + (role.equals("push") ? " (renderedImagePushSecret)" : " (baseImagePullSecret)")
              + ", which is not in namespace "
              + namespaces.secrets());
    }
    copies.put(role, BuildJobs.copy(request, role, found, namespace));
    return Optional.empty();
  }

  /**
   * An informer of the build Jobs in the namespace (labelled with their MachineOSBuild), each
   * change mapped to the MachineOSConfigs of the Job's pool: a build is followed by watch, not by
   * polling.
   */
  @Override
  public List<EventSource<?, MachineOSConfig>> eventSources(
      EventSourceContext<MachineOSConfig> ctx) {
    InformerEventSource<Job, MachineOSConfig> source =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(Job.class, MachineOSConfig.class)
                .withName(JOBS)
                .withNamespaces(Set.of(namespace))
                .withLabelSelector(BuildObjects.MOSB_LABEL)
                .withSecondaryToPrimaryMapper(
                    job ->
                        Optional.ofNullable(job.getMetadata().getLabels())
                            .map(l -> l.get(BuildObjects.POOL_LABEL))
                            .map(pool -> BuildReconciler.configs(ctx, pool))
                            .orElse(Set.of()))
                .withItemStore(CacheStores.withoutManagedFields())
                .build(),
            ctx);
    jobs = source;
    return List.of(source);
  }

  /**
   * The build's Job: from the informer, or (not seen there yet, or no informer) from the server.
   */
  private Job job(String name) {
    InformerEventSource<Job, MachineOSConfig> source = jobs;
    if (source != null) {
      Optional<Job> cached = source.get(new ResourceID(name, namespace));
      if (cached.isPresent()) {
        return cached.get();
      }
    }
    return client.batch().v1().jobs().inNamespace(namespace).withName(name).get();
  }

  @Override
  public BuildState state(BuildRequest request, Instant started) {
    String name = BuildJobs.name(request);
    Job job = job(name);
    if (job == null) {
      return new Interrupted("build job " + namespace + "/" + name + " was deleted");
    }
    var status = job.getStatus();
    int succeeded = status == null || status.getSucceeded() == null ? 0 : status.getSucceeded();
    int failed = status == null || status.getFailed() == null ? 0 : status.getFailed();
    if (succeeded > 0) {
      Optional<String> message = terminationMessage(name);
      Matcher m = DIGEST.matcher(message.orElse(""));
      return m.find()
          ? new Succeeded(m.group(1))
          : new Failed("build job " + name + " succeeded without reporting the pushed digest");
    }
    if (failed > 0) {
      return new Failed(
          "build job "
              + name
              + " failed"
              + terminationMessage(name).map(t -> ": " + tail(t)).orElse(""));
    }
    return new Running();
  }

  private Optional<String> terminationMessage(String job) {
    List<Pod> pods =
        client.pods().inNamespace(namespace).withLabel("job-name", job).list().getItems();
    return pods.stream()
        .filter(p -> p.getStatus() != null && p.getStatus().getContainerStatuses() != null)
        .flatMap(p -> p.getStatus().getContainerStatuses().stream())
        .map(ContainerStatus::getState)
        .filter(s -> s != null && s.getTerminated() != null)
        .map(s -> s.getTerminated())
        .map(ContainerStateTerminated::getMessage)
        .filter(msg -> msg != null && !msg.isBlank())
        .findFirst();
  }

  /** The last line that says something: buildah's error is at the end of the log. */
  private static String tail(String log) {
    String[] lines = log.strip().split("\n");
    return lines[lines.length - 1].strip();
  }
}
