package io.ocelot.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ThreadFactory;
import org.junit.jupiter.api.Test;

class DaemonThreadsTest {
  @Test
  void threadsAreDaemonsNamedOnceOrNumbered() {
    Thread named = DaemonThreads.named("ocelot-x").newThread(() -> {});
    assertThat(named.getName()).isEqualTo("ocelot-x");
    assertThat(named.isDaemon()).isTrue();
    ThreadFactory numbered = DaemonThreads.numbered("ocelot-y");
    assertThat(numbered.newThread(() -> {}).getName()).isEqualTo("ocelot-y-1");
    Thread second = numbered.newThread(() -> {});
    assertThat(second.getName()).isEqualTo("ocelot-y-2");
    assertThat(second.isDaemon()).isTrue();
  }
}
