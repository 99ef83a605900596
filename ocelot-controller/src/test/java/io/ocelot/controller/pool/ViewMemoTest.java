package io.ocelot.controller.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ViewMemoTest {
  final AtomicInteger derived = new AtomicInteger();
  final ViewMemo<Node, String> memo =
      new ViewMemo<>(
          n -> {
            derived.incrementAndGet();
            return n.getMetadata().getName() + "@" + n.getMetadata().getResourceVersion();
          });

  static Node node(String name, String resourceVersion) {
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .withResourceVersion(resourceVersion)
        .endMetadata()
        .build();
  }

  @Test
  void aViewIsDerivedOncePerResourceVersion() {
    assertThat(memo.of(node("worker-0", "7"))).isEqualTo("worker-0@7");
    assertThat(memo.of(node("worker-0", "7"))).isEqualTo("worker-0@7");
    assertThat(derived).hasValue(1);
    assertThat(memo.of(node("worker-0", "8"))).isEqualTo("worker-0@8");
    assertThat(derived).hasValue(2);
  }

  @Test
  void anObjectWithoutAResourceVersionIsDerivedEveryTime() {
    memo.of(node("worker-0", null));
    memo.of(node("worker-0", null));
    assertThat(derived).hasValue(2);
  }

  @Test
  void deletedObjectsAreForgottenOnceTheMemoHasGrown() {
    IntStream.range(0, 100).forEach(i -> memo.of(node("worker-" + i, "1")));
    Set<String> live =
        IntStream.range(0, 10).mapToObj(i -> "worker-" + i).collect(Collectors.toSet());
    AtomicInteger listed = new AtomicInteger();
    memo.prune(
        () -> {
          listed.incrementAndGet();
          return live;
        });
    assertThat(listed).hasValue(1);
    memo.prune(
        () -> {
          listed.incrementAndGet();
          return live;
        });
    assertThat(listed).as("not listed again before the memo doubles").hasValue(1);
    derived.set(0);
    memo.of(node("worker-5", "1"));
    memo.of(node("worker-50", "1"));
    assertThat(derived).as("worker-5 kept, worker-50 forgotten").hasValue(1);
  }
}
