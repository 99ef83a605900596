package io.ocelot.sim.machine;

import io.ocelot.sim.TestFiles;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * A machine for a test, without a cluster: the shared base (built on first use, as the simulator
 * builds it), a root of its own under {@code dir}, booted. Where machines cannot run the test fails
 * with the reason.
 */
final class TestMachines {
  private TestMachines() {}

  /**
   * The shared base's root, built on first use; fails with the reason where machines cannot run.
   */
  static Path base(LocalPrograms programs) throws Exception {
    MachineBase base =
        new MachineBase(
            MachineBase.defaultCache(System.getenv()),
            MachineBase.DEFAULT_MIRROR,
            programs,
            Clock.systemUTC());
    var missing =
        MachineSupport.whyNot(
            programs, MachineSupport.uid(), Path.of("/proc/filesystems"), !base.isBuilt());
    if (missing.isPresent()) {
      throw new AssertionError(missing.get());
    }
    return base.ensure(System.out::println);
  }

  /**
   * Boots {@code sysroot}'s default deployment as the boot loader would, bound at {@code root}; the
   * machine's console log under {@code layer}.
   */
  static Machine bootDeployment(
      String name, Path base, OstreeSysroot sysroot, Path root, Path layer) throws Exception {
    sysroot.mountDefault(root);
    Machine m =
        new Machine(
            name, base, root, layer, sysroot.binds(), new LocalPrograms(), Clock.systemUTC());
    try {
      m.boot(Duration.ofSeconds(120));
      return m;
    } catch (Exception | AssertionError e) {
      m.close();
      throw e;
    }
  }

  static Machine boot(Path dir, String name, List<Machine.Bind> binds) throws Exception {
    LocalPrograms programs = new LocalPrograms();
    Path root = base(programs);
    Machine machine =
        new Machine(
            name,
            root,
            dir.resolve(name).resolve("root"),
            dir.resolve(name),
            binds,
            programs,
            Clock.systemUTC());
    try {
      machine.mount();
      TestFiles.write(machine.root().resolve("etc/hostname"), name + "\n");
      machine.boot(Duration.ofSeconds(120));
      return machine;
    } catch (Exception | AssertionError e) {
      machine.close();
      throw e;
    }
  }
}
