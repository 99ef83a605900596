package io.ocelot.daemon.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class KernelArgumentChangeTest {
  private static KernelArgumentChange change(String from, String to, String real) {
    return KernelArgumentChange.of(split(from), split(to), split(real));
  }

  private static List<String> split(String s) {
    return s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
  }

  @Test
  void argumentsTheDeploymentAlreadyCarriesAreNotAppendedAgain() {
    assertThat(change("", "a=1 quiet", "rw a=1 quiet"))
        .isEqualTo(new KernelArgumentChange(List.of(), List.of()));
    assertThat(change("", "a=1 quiet", "rw quiet"))
        .isEqualTo(new KernelArgumentChange(List.of(), List.of("a=1")));
  }

  @Test
  void onlyPresentArgumentsAreDeletedAndSharedOnesStay() {
    assertThat(change("a=1 b=2", "b=2 c=3", "rw a=1 b=2"))
        .isEqualTo(new KernelArgumentChange(List.of("a=1"), List.of("c=3")));
    assertThat(change("gone=1", "", "rw"))
        .isEqualTo(new KernelArgumentChange(List.of(), List.of()));
  }

  @Test
  void aRetryOnTheChangedDeploymentChangesNothing() {
    KernelArgumentChange first = change("a=1", "b=2", "rw a=1");
    assertThat(first).isEqualTo(new KernelArgumentChange(List.of("a=1"), List.of("b=2")));
    assertThat(first.isEmpty()).isFalse();
    assertThat(change("a=1", "", "rw a=1").isEmpty()).isFalse();
    assertThat(change("a=1", "b=2", "rw b=2")).matches(KernelArgumentChange::isEmpty);
  }

  @Test
  void repeatedArgumentsKeepTheDesiredMultiplicity() {
    assertThat(change("", "console=tty0 console=ttyS0 console=tty0", "rw console=tty0"))
        .isEqualTo(new KernelArgumentChange(List.of(), List.of("console=tty0", "console=ttyS0")));
    assertThat(change("x x", "x", "rw x x"))
        .isEqualTo(new KernelArgumentChange(List.of("x"), List.of()));
  }
}
