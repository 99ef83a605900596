package io.ocelot.apiserver;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.Mco;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** Ocelot's CustomResourceDefinitions, as the {@code ocelot-api} build generates them. */
final class OcelotCrds {

  private OcelotCrds() {}

  /** Every CRD, read from the class path with {@code client}'s parser. */
  static List<CustomResourceDefinition> load(KubernetesClient client) {
    return Mco.KINDS.stream().map(kind -> load(client, Mco.crdFileName(kind))).toList();
  }

  private static CustomResourceDefinition load(KubernetesClient client, String name) {
    try (InputStream in = OcelotCrds.class.getResourceAsStream("/META-INF/fabric8/" + name)) {
      if (in == null) {
        throw new IllegalStateException("CRD " + name + " is not on the class path");
      }
      return client.apiextensions().v1().customResourceDefinitions().load(in).item();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
