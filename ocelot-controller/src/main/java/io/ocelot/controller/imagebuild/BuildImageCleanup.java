package io.ocelot.controller.imagebuild;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.support.ObjectEvents;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes a MachineOSBuild's image from the registry when the build is deleted — unless a node
 * still runs it or is about to (its current or desired image). MCO looks once and, when a node uses
 * the image, leaves it in the registry for good; Ocelot keeps the build (its finalizer) until no
 * node uses the image, looking again every {@code recheck} (six build polls: 30 s by default), then
 * deletes the image and lets the build go. A registry that refuses (no right, deletion disabled)
 * leaves the image, with a warning that quotes it; one that cannot be reached is asked again.
 */
@ControllerConfiguration(name = BuildImageCleanup.NAME, finalizerName = BuildImageCleanup.FINALIZER)
public final class BuildImageCleanup
    implements Reconciler<MachineOSBuild>, Cleaner<MachineOSBuild> {
  public static final String NAME = "machineosbuild-images";
  public static final String FINALIZER = "ocelot.io/registry-image";

  /** The build's push secret, by name in the controller's namespace (MCO's annotation). */
  public static final String PUSH_SECRET =
      "machineconfiguration.openshift.io/rendered-image-push-secret";

  private static final Logger LOG = LoggerFactory.getLogger(BuildImageCleanup.class);

  private final KubernetesClient client;
  private final ImageRegistry registry;
  private final ObjectEvents events;
  private final String namespace;
  private final Duration recheck;

  public BuildImageCleanup(
      KubernetesClient client,
      ImageRegistry registry,
      ObjectEvents events,
      String namespace,
      Duration buildPoll) {
    this.client = client;
    this.registry = registry;
    this.events = events;
    this.namespace = namespace;
    this.recheck = buildPoll.multipliedBy(6);
  }

  @Override
  public UpdateControl<MachineOSBuild> reconcile(
      MachineOSBuild build, Context<MachineOSBuild> ctx) {
    return UpdateControl.noUpdate(); // the finalizer is all a live build needs
  }

  @Override
  public DeleteControl cleanup(MachineOSBuild build, Context<MachineOSBuild> ctx) {
    String name = build.getMetadata().getName();
    Optional<String> image =
        Optional.ofNullable(build.getStatus())
            .map(s -> s.getDigestedImagePushSpec())
            .filter(s -> !s.isEmpty());
    if (image.isEmpty()) {
      return DeleteControl.defaultDelete(); // nothing was pushed
    }
    List<String> users = users(image.get());
    if (!users.isEmpty()) {
      String why =
          "image "
              + image.get()
              + " stays in the registry while node"
              + (users.size() == 1 ? " " : "s ")
              + String.join(", ", users)
              + (users.size() == 1 ? " uses" : " use")
              + " it; the build is deleted once none does";
      LOG.info("MachineOSBuild {}: {}", name, why);
      events.normal(build, "ImageKept", why);
      return DeleteControl.noFinalizerRemoval().rescheduleAfter(recheck.toMillis());
    }
    ImageRegistry.Deletion d = registry.delete(image.get(), pushSecret(build));
    if (d instanceof ImageRegistry.Deleted) {
      LOG.info("MachineOSBuild {}: deleted image {} from the registry", name, image.get());
      events.normal(build, "ImageDeleted", "deleted image " + image.get() + " from the registry");
    } else if (d instanceof ImageRegistry.Absent) {
      LOG.info("MachineOSBuild {}: image {} was not in the registry", name, image.get());
    } else if (d instanceof ImageRegistry.Refused r) {
      String why = "the registry refused to delete image " + image.get() + ": " + r.why();
      LOG.warn("MachineOSBuild {}: {}; left there", name, why);
      events.warning(build, "ImageNotDeleted", why + "; left there");
    } else if (d instanceof ImageRegistry.Failed f) {
      // Thrown: JOSDK calls the cleanup again with backoff; the build stays until then.
      throw new IllegalStateException(
          "cannot delete image " + image.get() + " of MachineOSBuild " + name + ": " + f.why());
    }
    return DeleteControl.defaultDelete();
  }

  /** The nodes whose current or desired image is {@code image}. */
  private List<String> users(String image) {
    return client.nodes().list().getItems().stream()
        .filter(n -> uses(n, image))
        .map(n -> n.getMetadata().getName())
        .sorted()
        .toList();
  }

  private static boolean uses(Node n, String image) {
    Map<String, String> a = n.getMetadata().getAnnotations();
    return a != null
        && (image.equals(a.get(NodeAnnotations.CURRENT_IMAGE))
            || image.equals(a.get(NodeAnnotations.DESIRED_IMAGE)));
  }

  /** The push secret's docker config, when the build names one that is there. */
  private Optional<String> pushSecret(MachineOSBuild build) {
    Map<String, String> a = build.getMetadata().getAnnotations();
    String secretName = a == null ? null : a.get(PUSH_SECRET);
    if (secretName == null || secretName.isEmpty()) {
      return Optional.empty();
    }
    Secret s = client.secrets().inNamespace(namespace).withName(secretName).get();
    if (s == null || s.getData() == null || !s.getData().containsKey(".dockerconfigjson")) {
      return Optional.empty();
    }
    return Optional.of(
        new String(
            Base64.getDecoder().decode(s.getData().get(".dockerconfigjson")),
            StandardCharsets.UTF_8));
  }
}
