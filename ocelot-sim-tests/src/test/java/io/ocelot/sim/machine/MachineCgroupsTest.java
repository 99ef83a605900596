package io.ocelot.sim.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class MachineCgroupsTest {
  /** This computer's kind: cgroup v1 controllers, the named systemd hierarchy and a unified one. */
  static final Mounts HYBRID =
      Mounts.parse(
          """
          31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
          35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
          40 31 0:37 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,name=systemd
          41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
          """);

  @Test
  void aHybridHostGetsAGroupInTheSystemdAndUnifiedHierarchiesBelowItsOwn() {
    MachineCgroups groups =
        MachineCgroups.of(
            "worker-0-1a",
            "9:name=systemd:/\n4:memory:/process_api/0ee1\n1:cpu:/\n0::/ci/job\n",
            HYBRID);

    assertThat(groups.dirs())
        .containsExactly(
            Path.of("/sys/fs/cgroup/systemd/ocelot-machine-worker-0-1a"),
            Path.of("/sys/fs/cgroup/unified/ci/job/ocelot-machine-worker-0-1a"));
  }

  @Test
  void aUnifiedOnlyHostGetsOne() {
    Mounts v2 = Mounts.parse("30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw,nsdelegate\n");

    assertThat(MachineCgroups.of("m", "0::/user.slice/x.scope\n", v2).dirs())
        .containsExactly(Path.of("/sys/fs/cgroup/user.slice/x.scope/ocelot-machine-m"));
  }

  @Test
  void theMachineStartsInsideItsGroupsThroughAShellThatBecomesIt() {
    MachineCgroups groups = new MachineCgroups(List.of(Path.of("/cg/a/m"), Path.of("/cg/it's/m")));

    assertThat(groups.enter(List.of("systemd-nspawn", "--boot")))
        .containsExactly(
            "/bin/sh",
            "-c",
            "echo $$ > '/cg/a/m/cgroup.procs' && echo $$ > '/cg/it'\\''s/m/cgroup.procs'"
                + " && exec \"$@\"",
            "sh",
            "systemd-nspawn",
            "--boot");
    assertThat(new MachineCgroups(List.of()).enter(List.of("x"))).containsExactly("x");
  }
}
