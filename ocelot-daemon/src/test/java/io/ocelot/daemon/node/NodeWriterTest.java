package io.ocelot.daemon.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.ocelot.apiserver.EmbeddedApiServer;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The node writer against the embedded API server over HTTP. */
class NodeWriterTest {
  final EmbeddedApiServer cluster = EmbeddedApiServer.start();

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void setsAndDeletesOnlyWhatChanges() throws Exception {
    TestNodes.create(cluster.client(), "worker-0", Map.of("a", "1", "b", "2", "keep", "x"));
    NodeWriter writer = new NodeWriter(cluster.client(), "worker-0");
    Map<String, Optional<String>> changes = NodeWriter.changes();
    changes.put("a", Optional.of("10"));
    changes.put("b", Optional.empty());
    changes.put("machineconfiguration.openshift.io/state", Optional.of("Working"));
    changes.put("missing", Optional.empty());
    writer.write(changes);

    Map<String, String> a =
        cluster.client().nodes().withName("worker-0").get().getMetadata().getAnnotations();
    assertThat(a)
        .containsEntry("a", "10")
        .containsEntry("keep", "x")
        .containsEntry("machineconfiguration.openshift.io/state", "Working")
        .doesNotContainKey("b");
  }

  @Test
  void aConcurrentChangeIsKeptByAMixedWrite() throws Exception {
    TestNodes.create(cluster.client(), "worker-0", Map.of("a", "1", "b", "2"));
    int[] reads = {0};
    NodeWriter writer = racingWriter(reads);
    Map<String, Optional<String>> c = NodeWriter.changes();
    c.put("a", Optional.of("2"));
    c.put("b", Optional.empty());
    writer.write(c);
    assertThat(cluster.client().nodes().withName("worker-0").get().getMetadata().getAnnotations())
        .containsEntry("a", "2")
        .containsEntry("other", "writer")
        .doesNotContainKey("b");
    // The deletion applies to the latest node; the sets carry the resourceVersion it returned.
    assertThat(reads[0]).isEqualTo(1);
  }

  /** A writer whose first read is followed by another writer's change (a stale resourceVersion). */
  NodeWriter racingWriter(int[] reads) {
    return new NodeWriter(cluster.client(), "worker-0") {
      @Override
      public Node read() throws io.ocelot.daemon.host.HostException {
        Node n = super.read();
        if (reads[0]++ == 0) {
          cluster
              .client()
              .nodes()
              .withName("worker-0")
              .edit(
                  x -> {
                    x.getMetadata().getAnnotations().put("other", "writer");
                    return x;
                  });
        }
        return n;
      }
    };
  }

  @Test
  void nothingToChangeSendsNothing() throws Exception {
    TestNodes.create(cluster.client(), "worker-0", Map.of("a", "1"));
    String rv =
        cluster.client().nodes().withName("worker-0").get().getMetadata().getResourceVersion();
    Map<String, Optional<String>> same = NodeWriter.changes();
    same.put("a", Optional.of("1"));
    same.put("gone", Optional.empty());
    Node n = new NodeWriter(cluster.client(), "worker-0").write(same);
    assertThat(n.getMetadata().getResourceVersion()).isEqualTo(rv);
  }

  @Test
  void aConcurrentChangeIsRetriedOnAFreshRead() throws Exception {
    TestNodes.create(cluster.client(), "worker-0", Map.of("a", "1"));
    // Another writer bumps the resourceVersion between our read and our patch.
    int[] reads = {0};
    NodeWriter writer = racingWriter(reads);
    Map<String, Optional<String>> c = NodeWriter.changes();
    c.put("a", Optional.of("2"));
    writer.write(c);
    assertThat(cluster.client().nodes().withName("worker-0").get().getMetadata().getAnnotations())
        .containsEntry("a", "2")
        .containsEntry("other", "writer");
    assertThat(reads[0]).as("the stale patch was refused with 409 and retried").isEqualTo(2);
  }
}
