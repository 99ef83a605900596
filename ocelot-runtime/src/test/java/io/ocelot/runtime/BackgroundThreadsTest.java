package io.ocelot.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

class BackgroundThreadsTest {
  @Test
  void threadsAreDaemonsNamedOnceOrNumbered() {
    Thread named = BackgroundThreads.named("ocelot-x").newThread(() -> {});
    assertThat(named.getName()).isEqualTo("ocelot-x");
    assertThat(named.isDaemon()).isTrue();
    ThreadFactory numbered = BackgroundThreads.numbered("ocelot-y");
    assertThat(numbered.newThread(() -> {}).getName()).isEqualTo("ocelot-y-1");
    Thread second = numbered.newThread(() -> {});
    assertThat(second.getName()).isEqualTo("ocelot-y-2");
    assertThat(second.isDaemon()).isTrue();
  }

  @Test
  void aThreadWithContextLogsItsKeys() throws InterruptedException {
    AtomicReference<String> seen = new AtomicReference<>();
    Thread t =
        BackgroundThreads.named("ocelot-daemon-worker-0", Map.of("node", "worker-0"))
            .newThread(() -> seen.set(MDC.get("node")));
    assertThat(t.getName()).isEqualTo("ocelot-daemon-worker-0");
    t.start();
    t.join();
    assertThat(seen.get()).isEqualTo("worker-0");
    assertThat(MDC.get("node")).isNull();
  }
}
