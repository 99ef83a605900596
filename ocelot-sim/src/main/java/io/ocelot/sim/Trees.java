package io.ocelot.sim;

import io.ocelot.sim.machine.LocalPrograms;
import io.ocelot.sim.machine.MachineException;
import io.ocelot.sim.machine.OstreeSysroot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Deleting a directory tree (state dirs, templates, temporary demo dirs). */
public final class Trees {
  private Trees() {}

  /** Deletes {@code dir} and everything below it; a missing {@code dir} is fine. */
  public static void delete(Path dir) throws IOException {
    deleteBelow(dir);
    Files.deleteIfExists(dir);
  }

  /**
   * Deletes a tree that held machines: their ostree deployments are immutable ({@code chattr +i},
   * for root too) until made mutable again.
   */
  public static void deleteMachines(Path dir) throws IOException {
    try {
      OstreeSysroot.unlockAllUnder(dir, new LocalPrograms());
    } catch (MachineException e) {
      throw new IOException("cannot remove the machines under " + dir + ": " + e.getMessage(), e);
    }
    delete(dir);
  }

  /** Deletes everything below {@code dir}, keeping {@code dir}. */
  public static void deleteBelow(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        if (!p.equals(dir)) {
          Files.delete(p);
        }
      }
    }
  }
}
