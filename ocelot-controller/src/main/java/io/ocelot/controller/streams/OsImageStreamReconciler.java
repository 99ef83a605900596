package io.ocelot.controller.streams;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.ocelot.api.model.OSImageStream;
import io.ocelot.api.model.OSImageStreamStatus;
import java.net.HttpURLConnection;
import java.util.Objects;

/**
 * Publishes the controller's streams in OSImageStream/cluster's status, with the admin's default
 * ({@code spec.defaultStream}) once it names one of them — the schema refuses a spec default that
 * names none, so the status always names a stream on offer.
 */
@ControllerConfiguration(name = OsImageStreamReconciler.NAME)
public final class OsImageStreamReconciler implements Reconciler<OSImageStream> {
  public static final String NAME = "osimagestreams";
  private final OsStreamCatalog catalog;

  public OsImageStreamReconciler(OsStreamCatalog catalog) {
    this.catalog = catalog;
  }

  /** Creates OSImageStream/cluster with the catalog's default when it is missing. */
  public static void ensure(KubernetesClient client, OsStreamCatalog catalog) {
    if (catalog.isEmpty()
        || client.resources(OSImageStream.class).withName(OSImageStream.CLUSTER).get() != null) {
      return;
    }
    OSImageStream s = new OSImageStream();
    s.setMetadata(new ObjectMetaBuilder().withName(OSImageStream.CLUSTER).build());
    s.getSpec().setDefaultStream(catalog.defaultStream());
    try {
      client.resources(OSImageStream.class).resource(s).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
        throw e; // 409: another replica created it
      }
    }
  }

  @Override
  public UpdateControl<OSImageStream> reconcile(OSImageStream stream, Context<OSImageStream> ctx) {
    if (!OSImageStream.CLUSTER.equals(stream.getMetadata().getName())) {
      return UpdateControl.noUpdate();
    }
    OSImageStreamStatus wanted = status(stream.getSpec().getDefaultStream());
    OSImageStreamStatus have = stream.getStatus();
    if (have != null
        && Objects.equals(have.getDefaultStream(), wanted.getDefaultStream())
        && have.getAvailableStreams().equals(wanted.getAvailableStreams())) {
      return UpdateControl.noUpdate();
    }
    OSImageStream updated = Serialization.clone(stream);
    updated.setStatus(wanted);
    return UpdateControl.patchStatus(updated);
  }

  OSImageStreamStatus status(String specDefault) {
    OSImageStreamStatus s = new OSImageStreamStatus();
    s.setAvailableStreams(catalog.streams());
    s.setDefaultStream(
        catalog.streams().stream().anyMatch(x -> x.name().equals(specDefault))
            ? specDefault
            : catalog.defaultStream());
    return s;
  }
}
