package io.ocelot.daemon.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.ocelot.testing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class NodeCacheTest {
  final ManualClock clock = ManualClock.at(Instant.parse("2026-12-02T10:00:00Z"));
  final NodeCache cache = new NodeCache(clock, Duration.ofSeconds(5));

  static Node node(String rv) {
    return new NodeBuilder()
        .withNewMetadata()
        .withName("worker-0")
        .withResourceVersion(rv)
        .endMetadata()
        .build();
  }

  @Test
  void answersOnlyWhileTheInformerRuns() {
    cache.observed(node("1"));
    assertThat(cache.get()).isEmpty();
    cache.live(true);
    cache.observed(node("1"));
    assertThat(cache.get()).contains(node("1"));
    cache.live(false);
    assertThat(cache.get()).isEmpty();
  }

  @Test
  void anOlderEventDoesNotReplaceANewerWrite() {
    cache.live(true);
    cache.fresh(node("7"));
    cache.observed(node("6"));
    assertThat(cache.get()).contains(node("7"));
    cache.observed(node("8"));
    assertThat(cache.get()).contains(node("8"));
    // Opaque (non-numeric) versions cannot be ordered: the event wins.
    cache.observed(node("abc"));
    assertThat(cache.get()).contains(node("abc"));
  }

  @Test
  void aWritesAnswerDoesNotReplaceALaterEventThatCameFirst() {
    cache.live(true);
    // The controller acknowledged our write (8) and its event arrived before our write's answer
    // (7).
    cache.observed(node("8"));
    cache.fresh(node("7"));
    assertThat(cache.get()).contains(node("8"));
  }

  @Test
  void aViewWithoutNewsForLongerThanMaxAgeIsNotTrusted() {
    cache.live(true);
    cache.observed(node("3"));
    clock.advance(Duration.ofSeconds(5));
    assertThat(cache.get()).contains(node("3"));
    clock.advance(Duration.ofSeconds(1));
    assertThat(cache.get()).isEmpty();
    assertThat(cache.expired()).contains(node("3"));
    // Even an older event is news that the informer is alive.
    cache.observed(node("2"));
    assertThat(cache.get()).contains(node("3"));
    assertThat(cache.expired()).isEmpty();
  }

  @Test
  void aDeletedNodeIsForgotten() {
    cache.live(true);
    cache.observed(node("3"));
    cache.forget();
    assertThat(cache.get()).isEmpty();
    assertThat(cache.expired()).isEmpty();
  }

  @Test
  void aWaitForNewsEndsWithTheInformersNextEventOrAtItsLimit() throws Exception {
    cache.live(true);
    java.util.concurrent.atomic.AtomicBoolean waited =
        new java.util.concurrent.atomic.AtomicBoolean();
    // An informer delivering an event every 100 ms until the wait is over.
    Thread informer =
        new Thread(
            () -> {
              while (!waited.get()) {
                try {
                  Thread.sleep(100);
                } catch (InterruptedException e) {
                  return;
                }
                cache.observed(node("2"));
              }
            });
    informer.start();
    // Ten minutes at most, but an event ends it: the test would time out otherwise.
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        Duration.ofSeconds(30), () -> cache.awaitNews(Duration.ofMinutes(10)));
    waited.set(true);
    informer.join();
    assertThat(cache.get()).contains(node("2"));
    // No news: the limit ends it.
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        Duration.ofSeconds(30), () -> cache.awaitNews(Duration.ofMillis(50)));
  }
}
