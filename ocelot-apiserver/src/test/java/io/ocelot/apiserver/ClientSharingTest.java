package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** On the real control plane: clients that share a connection stay clients of their own. */
class ClientSharingTest {
  @RegisterExtension static final SharedControlPlane plane = new SharedControlPlane();

  private final ClientSharing sharing = new ClientSharing(4);
  private final List<KubernetesClient> clients = new ArrayList<>();

  @AfterEach
  void close() {
    clients.forEach(KubernetesClient::close);
    sharing.close();
    plane.client.serviceAccounts().inNamespace("default").withLabel("test", "shared").delete();
  }

  @Test
  void eachMemberSendsItsOwnTokenOverOneConnection() {
    KubernetesClient a = client("sa-a", "node-1");
    KubernetesClient b = client("sa-b", "node-1");

    // Neither ServiceAccount may list nodes; the refusal names who asked.
    assertThatThrownBy(() -> a.nodes().list())
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("system:serviceaccount:default:sa-a");
    assertThatThrownBy(() -> b.nodes().list())
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("system:serviceaccount:default:sa-b");
    assertThat(sharing.opened()).isEqualTo(1);
    // One JSON mapper with its caches for all, not one per client.
    assertThat(a.getKubernetesSerialization()).isSameAs(b.getKubernetesSerialization());
  }

  @Test
  void aClosedClientLeavesTheConnectionToTheOthers() {
    KubernetesClient a = client("sa-a", "node-1");
    KubernetesClient b = client("sa-b", "node-1");
    assertThat(a.getKubernetesVersion().getMajor()).isEqualTo("1");

    a.close();

    // fabric8's own JDK transport shuts its executor down when any client of it closes.
    assertThat(b.getKubernetesVersion().getMajor()).isEqualTo("1");
    assertThat(client("sa-c", "node-1").getKubernetesVersion().getMajor()).isEqualTo("1");
    assertThat(sharing.opened()).isEqualTo(1);
  }

  @Test
  void oneConnectionCarriesMoreWatchesThanKubeApiserversDefaultStreamLimit() throws Exception {
    // kube-apiserver allows 100 streams per HTTP/2 connection unless told otherwise, and Java's
    // client fails a stream beyond the limit instead of opening another connection.
    int watchers = 120;
    AtomicInteger added = new AtomicInteger();
    AtomicInteger closed = new AtomicInteger();
    List<Watch> watches = new ArrayList<>();
    KubernetesClient shared = client("sa-watch", "node-1");
    plane
        .client
        .rbac()
        .clusterRoleBindings()
        .resource(
            new io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder()
                .withNewMetadata()
                .withName("shared-connections-test")
                .endMetadata()
                .withNewRoleRef("rbac.authorization.k8s.io", "ClusterRole", "cluster-admin")
                .addNewSubject()
                .withKind("ServiceAccount")
                .withName("sa-watch")
                .withNamespace("default")
                .endSubject()
                .build())
        .forceConflicts()
        .serverSideApply();
    try {
      shared.getKubernetesVersion();
      for (int i = 0; i < watchers; i++) {
        watches.add(
            shared
                .nodes()
                .withName("shared-watch")
                .watch(
                    new Watcher<>() {
                      @Override
                      public void eventReceived(Action action, Node node) {
                        if (action == Action.ADDED) {
                          added.incrementAndGet();
                        }
                      }

                      @Override
                      public void onClose(WatcherException cause) {
                        closed.incrementAndGet();
                      }
                    }));
      }
      plane
          .client
          .nodes()
          .resource(
              new NodeBuilder().withNewMetadata().withName("shared-watch").endMetadata().build())
          .create();

      await().atMost(Duration.ofSeconds(30)).until(() -> added.get() == watchers);
      assertThat(closed.get()).isZero();
      assertThat(sharing.opened()).isEqualTo(1);
    } finally {
      watches.forEach(Watch::close);
      plane.client.rbac().clusterRoleBindings().withName("shared-connections-test").delete();
    }
  }

  /** A client of a new ServiceAccount {@code name}, on the connection of {@code key}. */
  private KubernetesClient client(String name, String key) {
    plane
        .client
        .serviceAccounts()
        .inNamespace("default")
        .resource(
            new ServiceAccountBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels("test", "shared")
                .endMetadata()
                .build())
        .createOr(existing -> existing.update());
    String token =
        plane
            .client
            .serviceAccounts()
            .inNamespace("default")
            .withName(name)
            .tokenRequest(
                new TokenRequestBuilder()
                    .withNewSpec()
                    .withExpirationSeconds(3600L)
                    .endSpec()
                    .build())
            .getStatus()
            .getToken();
    KubernetesClient c =
        plane.cluster.newTokenClient(token, Optional.empty(), Optional.of(sharing.member(key)));
    clients.add(c);
    return c;
  }
}
