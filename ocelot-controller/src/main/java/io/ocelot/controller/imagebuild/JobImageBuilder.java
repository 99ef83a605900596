package io.ocelot.controller.imagebuild;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.controller.support.CacheStores;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The production builder: one Job per MachineOSBuild ({@link BuildJobs}), its outcome read from the
 * Job status and the build pod's termination message (the digest, or the log tail).
 */
public final class JobImageBuilder implements ImageBuilder {
  private static final Pattern DIGEST = Pattern.compile("sha256:([0-9a-f]{64})");

  private final KubernetesClient client;
  private final String namespace;
  private final String builderImage;
  private volatile InformerEventSource<Job, MachineOSConfig> jobs;
  static final String JOBS = "build-jobs";

  public JobImageBuilder(KubernetesClient client, String namespace, String builderImage) {
    this.client = client;
    this.namespace = namespace;
    this.builderImage = builderImage;
  }

  @Override
  public void start(BuildRequest request) {
    String name = BuildJobs.name(request);
    client
        .configMaps()
        .inNamespace(namespace)
        .resource(BuildJobs.context(request, namespace))
        .createOr(existing -> existing.update());
    if (client.batch().v1().jobs().inNamespace(namespace).withName(name).get() == null) {
      client
          .batch()
          .v1()
          .jobs()
          .inNamespace(namespace)
          .resource(BuildJobs.job(request, namespace, builderImage))
          .create();
    }
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
