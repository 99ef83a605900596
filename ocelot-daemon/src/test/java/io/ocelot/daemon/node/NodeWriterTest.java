package io.ocelot.daemon.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The node writer against the real control plane. */
class NodeWriterTest {
  @RegisterExtension
  static final io.ocelot.apiserver.SharedControlPlane plane =
      new io.ocelot.apiserver.SharedControlPlane();

  @Test
  void setsAndDeletesOnlyWhatChanges() throws Exception {
    TestNodes.create(plane.client, "worker-0", Map.of("a", "1", "b", "2", "keep", "x"));
    NodeWriter writer = new NodeWriter(plane.client, "worker-0", TestNodes.noView());
    Map<String, Optional<String>> changes = NodeWriter.changes();
    changes.put("a", Optional.of("10"));
    changes.put("b", Optional.empty());
    changes.put("machineconfiguration.openshift.io/state", Optional.of("Working"));
    changes.put("missing", Optional.empty());
    io.ocelot.apiserver.RequestCounts before = plane.cluster.requests();
    writer.write(changes);
    // Sets and deletions in one request, one Node write (issue 16).
    assertThat(plane.cluster.requests().since(before).writesTo("nodes")).isEqualTo(1);

    Map<String, String> a =
        plane.client.nodes().withName("worker-0").get().getMetadata().getAnnotations();
    assertThat(a)
        .containsEntry("a", "10")
        .containsEntry("keep", "x")
        .containsEntry("machineconfiguration.openshift.io/state", "Working")
        .doesNotContainKey("b");
  }

  @Test
  void aConcurrentChangeIsKeptByAMixedWrite() throws Exception {
    TestNodes.create(plane.client, "worker-0", Map.of("a", "1", "b", "2"));
    int[] reads = {0};
    NodeWriter writer = racingWriter(reads);
    Map<String, Optional<String>> c = NodeWriter.changes();
    c.put("a", Optional.of("2"));
    c.put("b", Optional.empty());
    writer.write(c);
    assertThat(plane.client.nodes().withName("worker-0").get().getMetadata().getAnnotations())
        .containsEntry("a", "2")
        .containsEntry("other", "writer")
        .doesNotContainKey("b");
    // One merge patch without a precondition: the other writer's key is left alone, no retry.
    assertThat(reads[0]).isEqualTo(1);
  }

  /** A writer whose first read is followed by another writer's change (a stale resourceVersion). */
  NodeWriter racingWriter(int[] reads) {
    return new NodeWriter(plane.client, "worker-0", TestNodes.noView()) {
      @Override
      protected Optional<Node> fetch() throws io.ocelot.daemon.host.HostException {
        Optional<Node> n = super.fetch();
        if (reads[0]++ == 0) {
          otherWriterSets("other", "writer");
        }
        return n;
      }
    };
  }

  @Test
  void nothingToChangeSendsNothing() throws Exception {
    TestNodes.create(plane.client, "worker-0", Map.of("a", "1"));
    String rv = plane.client.nodes().withName("worker-0").get().getMetadata().getResourceVersion();
    Map<String, Optional<String>> same = NodeWriter.changes();
    same.put("a", Optional.of("1"));
    same.put("gone", Optional.empty());
    Node n = new NodeWriter(plane.client, "worker-0", TestNodes.noView()).write(same);
    assertThat(n.getMetadata().getResourceVersion()).isEqualTo(rv);
  }

  @Test
  void setsNeedNoRetryAfterAConcurrentChangeOfOtherKeys() throws Exception {
    TestNodes.create(plane.client, "worker-0", Map.of("a", "1"));
    // Another writer bumps the resourceVersion between our read and our patch.
    int[] reads = {0};
    NodeWriter writer = racingWriter(reads);
    Map<String, Optional<String>> c = NodeWriter.changes();
    c.put("a", Optional.of("2"));
    writer.write(c);
    assertThat(plane.client.nodes().withName("worker-0").get().getMetadata().getAnnotations())
        .containsEntry("a", "2")
        .containsEntry("other", "writer");
    assertThat(reads[0]).as("a merge patch of sets leaves other keys alone: no 409").isEqualTo(1);
  }

  /** A live view of the node as it is now, the way the daemon's informer would hold it. */
  NodeCache viewOfNow() {
    NodeCache cache = new NodeCache(Clock.systemUTC(), Duration.ofMinutes(1));
    cache.live(true);
    Node now = plane.client.nodes().withName("worker-0").get();
    if (now != null) {
      cache.observed(now);
    }
    return cache;
  }

  /** Another writer sets an annotation the view has not seen. */
  void otherWriterSets(String key, String value) {
    plane
        .client
        .nodes()
        .withName("worker-0")
        .edit(
            n -> {
              n.getMetadata().getAnnotations().put(key, value);
              return n;
            });
  }

  @Test
  void aStaleCachedViewDoesNotLoseADeletion() throws Exception {
    TestNodes.create(plane.client, "worker-0", Map.of("x", "1"));
    NodeCache cache = viewOfNow();
    otherWriterSets("b", "2");
    Map<String, Optional<String>> d = NodeWriter.changes();
    d.put("x", Optional.empty());
    d.put("b", Optional.empty());
    new NodeWriter(plane.client, "worker-0", cache).write(d);
    // Computed on the view alone, only x would go: every requested deletion is sent as a null.
    assertThat(plane.client.nodes().withName("worker-0").get().getMetadata().getAnnotations())
        .doesNotContainKeys("x", "b");
  }

  @Test
  void aStaleCachedViewIsRefusedForDeletionsToo() throws Exception {
    TestNodes.create(plane.client, "worker-0", Map.of("a", "1", "b", "2"));
    NodeCache cache = viewOfNow();
    otherWriterSets("c", "3");
    NodeWriter writer = new NodeWriter(plane.client, "worker-0", cache);
    Map<String, Optional<String>> d = NodeWriter.changes();
    d.put("b", Optional.empty());
    Node written = writer.write(d);
    assertThat(written.getMetadata().getAnnotations())
        .containsEntry("c", "3")
        .doesNotContainKey("b");
    assertThat(cache.get()).contains(written);
  }

  @Test
  void aWriteIsNotUndoneByAnOlderInformerEvent() throws Exception {
    TestNodes.create(plane.client, "worker-0", Map.of("a", "1"));
    Node old = plane.client.nodes().withName("worker-0").get();
    NodeCache cache = viewOfNow();
    NodeWriter writer = new NodeWriter(plane.client, "worker-0", cache);
    Map<String, Optional<String>> c = NodeWriter.changes();
    c.put("a", Optional.of("2"));
    Node written = writer.write(c);
    cache.observed(old);
    assertThat(writer.read()).isEqualTo(written);
    cache.live(false);
    assertThat(cache.get()).isEmpty();
  }
}
