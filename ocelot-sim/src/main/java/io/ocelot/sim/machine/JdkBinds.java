package io.ocelot.sim.machine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The JVM the machines' daemons run: this computer's, bound read-only at the same paths (the
 * directory of JVMs it is in, and the configuration under {@code /etc} its links point to: Debian's
 * JDK keeps {@code java.security}, {@code jvm.cfg} and its trust store there).
 */
public final class JdkBinds {
  private JdkBinds() {}

  public static List<Machine.Bind> of(Path javaHome) {
    try {
      Path home = javaHome.toRealPath();
      Path jvms = home.getParent();
      TreeSet<Path> config = new TreeSet<>();
      try (Stream<Path> paths = Files.walk(home)) {
        for (Path link : paths.filter(Files::isSymbolicLink).toList()) {
          Path target = link.getParent().resolve(Files.readSymbolicLink(link)).normalize();
          if (target.startsWith("/etc") && !target.startsWith(jvms)) {
            config.add(target.getParent());
          }
        }
      }
      List<Machine.Bind> out = new ArrayList<>();
      out.add(new Machine.Bind(jvms, jvms.toString()));
      Path last = null;
      for (Path dir : config) { // sorted: a directory comes before those below it
        if (last == null || !dir.startsWith(last)) {
          out.add(new Machine.Bind(dir, dir.toString()));
          last = dir;
        }
      }
      return List.copyOf(out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the JVM at " + javaHome, e);
    }
  }
}
