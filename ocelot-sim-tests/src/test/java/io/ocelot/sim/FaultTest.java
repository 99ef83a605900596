package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FaultTest {
  @Test
  void parsesEachFaultWithItsArguments() {
    assertThat(Fault.parse("break-reboot", List.of("worker-1")))
        .contains(new Fault.BreakReboot("worker-1"));
    assertThat(Fault.parse("fail-pull", List.of("worker-0", "quay.io/x@sha256:1")))
        .contains(new Fault.FailPull("worker-0", "quay.io/x@sha256:1"));
    assertThat(Fault.parse("fill-disk", List.of("worker-1")))
        .contains(new Fault.FillDisk("worker-1"));
    assertThat(Fault.parse("fail-build", List.of("layered")))
        .contains(new Fault.FailBuild("layered"));
    for (String name : Fault.USAGE.keySet()) {
      int n = Fault.USAGE.get(name).split(" ").length;
      assertThat(Fault.parse(name, java.util.Collections.nCopies(n, "x"))).as(name).isPresent();
    }
  }

  @Test
  void wrongNamesAndArgumentCountsAreRefused() {
    assertThat(Fault.parse("melt", List.of("worker-1"))).isEmpty();
    assertThat(Fault.parse("fail-pull", List.of("worker-1"))).isEmpty();
    assertThat(Fault.usage())
        .contains("  boot-old NODE\n")
        .contains("  fail-health NODE\n")
        .contains("  fail-pull NODE IMAGE\n");
  }
}
