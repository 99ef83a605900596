package io.ocelot.daemon.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.model.MachineConfigRules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KernelArgumentChangeTest {
  private static KernelArgumentChange change(String from, String to, String real) {
    return KernelArgumentChange.of(split(from), split(to), split(real));
  }

  private static List<String> split(String s) {
    return s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
  }

  /** What rpm-ostree does with the change: each delete removes one occurrence, appends go last. */
  private static List<String> apply(KernelArgumentChange c, List<String> real) {
    List<String> out = new ArrayList<>(real);
    c.delete().forEach(out::remove);
    out.addAll(c.append());
    return out;
  }

  /**
   * MCO pkg/daemon/update_test.go TestKernelAguments: MCO deletes every old argument and appends
   * every new one; Ocelot keeps the leading ones both list, so the commands differ, but the
   * deployment ends with the same arguments in the same order (the row's {@code new}), on a base
   * that carries its own ({@code rw}), and a second plan on the result is empty.
   */
  @ParameterizedTest(name = "case#{index}")
  @CsvSource(
      delimiter = '|',
      value = {
        "''|hello=world",
        "hello=world|''",
        "foo,bar=1,hello=world|hello=world",
        "foo,bar=1 hello=world,baz|foo,bar=1,hello=world",
        "' baz=test bar=\"hello world\"'|' baz=test bar=\"hello world\"',foo",
        "hugepagesz=1G hugepages=4,hugepagesz=2M hugepages=4"
            + "|hugepagesz=1G hugepages=4,hugepagesz=2M hugepages=6",
      })
  void endsAsMcosGenerateKargsDoes(String oldEntries, String newEntries) {
    List<String> from = MachineConfigRules.splitKernelArguments(entries(oldEntries));
    List<String> to = MachineConfigRules.splitKernelArguments(entries(newEntries));
    List<String> real = new ArrayList<>(List.of("rw"));
    real.addAll(from);
    List<String> after = apply(KernelArgumentChange.of(from, to, real), real);
    List<String> want = new ArrayList<>(List.of("rw"));
    want.addAll(to);
    assertThat(after).isEqualTo(want);
    assertThat(KernelArgumentChange.of(from, to, after).isEmpty()).isTrue();
  }

  private static List<String> entries(String csv) {
    return csv.isEmpty() ? List.of() : Arrays.asList(csv.split(","));
  }

  @Test
  void hugepagesKeepTheirPoolsInOrder() {
    KernelArgumentChange c =
        change(
            "hugepagesz=1G hugepages=4 hugepagesz=2M hugepages=4",
            "hugepagesz=1G hugepages=4 hugepagesz=2M hugepages=6",
            "rw hugepagesz=1G hugepages=4 hugepagesz=2M hugepages=4");
    // Deleting only the second hugepages=4 is ambiguous (rpm-ostree may take the first): the
    // kept part shrinks to hugepagesz=1G, the rest is deleted and appended in order.
    assertThat(c)
        .isEqualTo(
            new KernelArgumentChange(
                List.of("hugepages=4", "hugepagesz=2M", "hugepages=4"),
                List.of("hugepages=4", "hugepagesz=2M", "hugepages=6")));
  }

  @Test
  void argumentsTheDeploymentEndsWithAreNotAppendedAgain() {
    assertThat(change("", "quiet a=1", "rw quiet"))
        .isEqualTo(new KernelArgumentChange(List.of(), List.of("a=1")));
    assertThat(
            apply(
                change("", "console=tty0 console=ttyS0 console=tty0", "rw console=tty0"),
                split("rw console=tty0")))
        .containsExactly("rw", "console=tty0", "console=ttyS0", "console=tty0");
  }

  @Test
  void theLastConsoleStaysTheDesiredOne() {
    KernelArgumentChange c = change("", "console=tty0 console=ttyS0 console=tty0", "rw");
    assertThat(apply(c, split("rw"))).endsWith("console=ttyS0", "console=tty0");
  }

  @Test
  void aDeploymentThatEndsWithTheDesiredArgumentsNeedsNothing() {
    assertThat(change("", "a=1 quiet", "rw a=1 quiet")).matches(KernelArgumentChange::isEmpty);
    assertThat(change("a=1", "b=2", "rw b=2")).matches(KernelArgumentChange::isEmpty);
    assertThat(change("gone=1", "", "rw")).matches(KernelArgumentChange::isEmpty);
    assertThat(change("a=1 b=2", "b=2", "rw a=1 b=2").isEmpty()).isFalse();
  }

  @Test
  void sharedLeadingArgumentsStayAndTheRestMoves() {
    assertThat(change("a=1 b=2", "a=1 c=3", "rw a=1 b=2"))
        .isEqualTo(new KernelArgumentChange(List.of("b=2"), List.of("c=3")));
    assertThat(change("a=1 b=2", "b=2 c=3", "rw a=1 b=2"))
        .isEqualTo(new KernelArgumentChange(List.of("a=1", "b=2"), List.of("b=2", "c=3")));
  }

  @Test
  void onlyPresentArgumentsAreDeleted() {
    assertThat(change("a=1 gone=1", "", "rw a=1"))
        .isEqualTo(new KernelArgumentChange(List.of("a=1"), List.of()));
    assertThat(change("a=1", "b=2", "rw a=1"))
        .isEqualTo(new KernelArgumentChange(List.of("a=1"), List.of("b=2")));
  }

  @Test
  void repeatedArgumentsKeepTheDesiredMultiplicity() {
    assertThat(apply(change("x x", "x", "rw x x"), split("rw x x"))).containsExactly("rw", "x");
    assertThat(apply(change("", "x x", "rw"), split("rw"))).containsExactly("rw", "x", "x");
  }
}
