package io.ocelot.daemon.txn;

import static io.ocelot.daemon.txn.SeedScenarioTest.I1;
import static io.ocelot.daemon.txn.SeedScenarioTest.I2;
import static io.ocelot.daemon.txn.SeedScenarioTest.R1;
import static io.ocelot.daemon.txn.SeedScenarioTest.R2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.ignition.FileEntry;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdatePlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A plan that did not come through validation (a newer controller's config, a bug) with a control
 * character in a string bound for a host command or path: the engine refuses it before it touches
 * anything, naming the string.
 */
class PlanStringsTest {
  @TempDir Path dir;

  static Stream<Arguments> steps() {
    return Stream.of(
        Arguments.of(
            new Step.WriteFile(FileEntry.of("/etc/x\u0007", Bytes.utf8("x")), Optional.empty()),
            "the file path \"/etc/x\\u0007\" holds a control character (U+0007)"),
        Arguments.of(
            new Step.WriteSshKeys(List.of("ssh-ed25519 AAAA a\nssh-rsa BBBB evil"), List.of()),
            "the SSH key \"ssh-ed25519 AAAA a\\nssh-rsa BBBB evil\" holds a control character"
                + " (U+000A)"),
        Arguments.of(
            new Step.SetPasswordHash(Optional.of("$6$x\u0000"), Optional.empty()),
            "the password hash \"$6$x\\u0000\" holds a control character (U+0000)"),
        Arguments.of(
            new Step.SetKernelArguments(List.of(), List.of("a=\u001b[1m")),
            "the kernel argument \"a=\\u001b[1m\" holds a control character (U+001B)"),
        Arguments.of(
            new Step.StageImage("quay.io/x\u0085"),
            "the image \"quay.io/x\\u0085\" holds a control character (U+0085)"));
  }

  @ParameterizedTest
  @MethodSource("steps")
  void isRefusedBeforeAnythingIsTouched(Step bad, String named) throws Exception {
    HostFixture h = new HostFixture(dir.resolve("root"), I1);
    h.settle(R1, Optional.of(I1));
    Map<String, String> before = h.snapshot();
    UpdatePlan p = HostFixture.plan(ConfigTarget.layered(R1, I1), ConfigTarget.layered(R2, I2), I1);
    List<Step> steps = new ArrayList<>(p.steps());
    steps.add(bad);
    UpdatePlan tampered =
        new UpdatePlan(
            p.kind(), p.from(), p.to(), p.diff(), p.disruption(), steps, p.commit(), p.notes());

    assertThatThrownBy(() -> h.engine().apply(tampered, Attempt.FIRST))
        .isInstanceOf(HostException.class)
        .hasMessage(
            "refusing the update before it starts: "
                + named
                + " that would reach a host command or path; nothing on the host was changed");
    assertThat(HostFixture.differences(before, h.snapshot())).isEmpty();
    assertThat(h.store().journal()).isEmpty();
  }
}
