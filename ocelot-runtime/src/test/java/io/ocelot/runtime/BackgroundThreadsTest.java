package io.ocelot.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ThreadFactory;
import org.junit.jupiter.api.Test;

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
}
