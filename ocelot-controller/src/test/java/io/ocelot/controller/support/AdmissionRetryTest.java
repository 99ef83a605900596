package io.ocelot.controller.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Writes refused while an admission policy's parameter kind syncs are tried again; no others. */
class AdmissionRetryTest {
  static KubernetesClientException refusal(int code, String message) {
    return new KubernetesClientException(
        new StatusBuilder().withCode(code).withMessage(message).build());
  }

  static final String NOT_SYNCED =
      "denied request: failed to configure binding: paramKind kind `&ParamKind{...}` not yet synced"
          + " to use for admission";

  @Test
  void triesAgainWhileThePolicySyncs() {
    AtomicInteger calls = new AtomicInteger();
    String done =
        AdmissionRetry.write(
            () -> {
              if (calls.incrementAndGet() < 3) {
                throw refusal(422, NOT_SYNCED);
              }
              return "created";
            },
            Duration.ofSeconds(10));
    assertThat(done).isEqualTo("created");
    assertThat(calls).hasValue(3);
  }

  @Test
  void anyOtherRefusalAndPatienceRunningOutAreThrown() {
    AtomicInteger calls = new AtomicInteger();
    assertThatThrownBy(
            () ->
                AdmissionRetry.write(
                    () -> {
                      calls.incrementAndGet();
                      throw refusal(422, "spec.maxUnavailable: Invalid value");
                    },
                    Duration.ofSeconds(10)))
        .hasMessageContaining("Invalid value");
    assertThat(calls).hasValue(1);
    assertThatThrownBy(
            () ->
                AdmissionRetry.write(
                    () -> {
                      throw refusal(422, NOT_SYNCED);
                    },
                    Duration.ZERO))
        .hasMessageContaining("not yet synced");
  }
}
