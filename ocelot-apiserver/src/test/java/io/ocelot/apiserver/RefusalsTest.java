package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the embedded server cannot do as the real one does it is refused, never half done: a dry run
 * would be saved, so it is refused; a JSON merge patch follows RFC 7386 (a null deletes the key, a
 * list is replaced whole) as the real server's does.
 */
class RefusalsTest {
  final EmbeddedApiServer server = EmbeddedApiServer.start();
  final KubernetesClient client = server.client();

  @AfterEach
  void stop() {
    server.close();
  }

  ConfigMap create() {
    return client
        .configMaps()
        .inNamespace("default")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("c")
                .withNamespace("default")
                .withLabels(Map.of("keep", "1", "drop", "2"))
                .endMetadata()
                .withData(Map.of("a", "1"))
                .build())
        .create();
  }

  @Test
  void aDryRunIsRefusedAndSavesNothing() {
    create();
    assertThatThrownBy(
            () ->
                client
                    .configMaps()
                    .inNamespace("default")
                    .withName("c")
                    .dryRun()
                    .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"data\":{\"a\":\"2\"}}"))
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("cannot do a dry run")
        .hasMessageContaining("--control-plane kube");
    assertThat(client.configMaps().inNamespace("default").withName("c").get().getData())
        .containsEntry("a", "1");
  }

  @Test
  void aMergePatchNullDeletesTheKey() {
    create();
    client
        .configMaps()
        .inNamespace("default")
        .withName("c")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE), "{\"metadata\":{\"labels\":{\"drop\":null}}}");
    assertThat(
            client
                .configMaps()
                .inNamespace("default")
                .withName("c")
                .get()
                .getMetadata()
                .getLabels())
        .containsExactly(Map.entry("keep", "1"));
  }

  @Test
  void aMergePatchReplacesAListWhole() {
    client
        .nodes()
        .resource(
            new io.fabric8.kubernetes.api.model.NodeBuilder()
                .withNewMetadata()
                .withName("n")
                .endMetadata()
                .withNewSpec()
                .addNewTaint()
                .withKey("a")
                .withEffect("NoSchedule")
                .endTaint()
                .endSpec()
                .build())
        .create();
    client
        .nodes()
        .withName("n")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"spec\":{\"taints\":[{\"key\":\"b\",\"effect\":\"NoSchedule\"}]}}");
    assertThat(client.nodes().withName("n").get().getSpec().getTaints())
        .extracting(t -> t.getKey())
        .containsExactly("b");
  }
}
