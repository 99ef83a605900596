package io.ocelot.sim.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class MountsTest {
  static final String MOUNTINFO =
      """
      22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard
      98 22 0:52 / /tmp/state/nodes/worker-0/root rw,relatime shared:50 - overlay overlay \
      rw,lowerdir=/root/.cache/ocelot/machine-base/bookworm-1/root,\
      upperdir=/tmp/state/nodes/worker-0/machine/upper,workdir=/tmp/state/nodes/worker-0/machine/work
      99 98 0:53 / /tmp/state/nodes/worker-0/root/proc rw - proc proc rw
      100 22 0:54 / /tmp/with\\040space rw - tmpfs tmpfs rw
      """;

  @Test
  void readsPointsTypesAndOptions() {
    Mounts m = Mounts.parse(MOUNTINFO);

    assertThat(m.all()).hasSize(4);
    assertThat(m.all().get(1).point()).isEqualTo(Path.of("/tmp/state/nodes/worker-0/root"));
    assertThat(m.all().get(1).type()).isEqualTo("overlay");
    assertThat(m.all().get(3).point()).isEqualTo(Path.of("/tmp/with space"));
  }

  @Test
  void mountsUnderADirectoryComeDeepestFirst() {
    assertThat(Mounts.parse(MOUNTINFO).under(Path.of("/tmp/state")))
        .containsExactly(
            Path.of("/tmp/state/nodes/worker-0/root/proc"),
            Path.of("/tmp/state/nodes/worker-0/root"));
    assertThat(Mounts.parse(MOUNTINFO).under(Path.of("/tmp/stat"))).isEmpty();
  }

  @Test
  void anOverlayNamesItsLayers() {
    Mounts m = Mounts.parse(MOUNTINFO);

    assertThat(m.layered(Path.of("/root/.cache/ocelot/machine-base/bookworm-1/root"))).isTrue();
    assertThat(m.layered(Path.of("/root/.cache/ocelot/machine-base/bookworm-2/root"))).isFalse();
    assertThat(m.layered(Path.of("/tmp/state/nodes/worker-0/machine/upper"))).isTrue();
  }
}
