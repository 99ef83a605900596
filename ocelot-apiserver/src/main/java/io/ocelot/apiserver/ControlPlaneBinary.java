package io.ocelot.apiserver;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where the control-plane program is: {@code -Docelot.control-plane=PATH} or {@code
 * OCELOT_CONTROL_PLANE}, else {@code control-plane/bin/ocelot-control-plane} in the source tree
 * that holds the working directory or this code. Its {@code build.sh} builds it once, cached.
 */
public record ControlPlaneBinary(Path binary, Optional<Path> buildScript) {
  public static final String PROPERTY = "ocelot.control-plane";
  public static final String ENV = "OCELOT_CONTROL_PLANE";
  static final String IN_TREE = "control-plane/bin/ocelot-control-plane";

  /** Whether the program is there to run. */
  public boolean built() {
    return Files.isExecutable(binary);
  }

  /** Whether {@link #build} can run here: a build script and a Go toolchain on the PATH. */
  public boolean buildable(Map<String, String> env) {
    return buildScript.isPresent() && onPath(env, "go");
  }

  /**
   * Runs the build script (a no-op when the program is newer than its sources); {@code progress}
   * hears its lines ("building the Kubernetes control plane … (once, about N min)").
   */
  public void build(Consumer<String> progress) throws ControlPlaneException {
    Path script =
        buildScript.orElseThrow(
            () -> new ControlPlaneException("no control-plane/build.sh beside " + binary));
    try {
      Process p = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true).start();
      p.getOutputStream().close();
      List<String> lines = new ArrayList<>();
      try (var out = p.inputReader()) {
        for (String line; (line = out.readLine()) != null; ) {
          lines.add(line);
          progress.accept(line);
        }
      }
      int code = p.waitFor();
      if (code != 0) {
        throw new ControlPlaneException(
            "building the control plane failed (exit "
                + code
                + ")"
                + (lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1)));
      }
    } catch (IOException e) {
      throw new ControlPlaneException("cannot run " + script + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ControlPlaneException("interrupted while building the control plane", e);
    }
  }

  /** The program named by the property or the environment, else the one in the source tree. */
  public static ControlPlaneBinary locate(Map<String, String> env) {
    String named = System.getProperty(PROPERTY, env.getOrDefault(ENV, ""));
    if (!named.isBlank()) {
      Path bin = Path.of(named).toAbsolutePath();
      return new ControlPlaneBinary(bin, script(bin.getParent().getParent()));
    }
    for (Path start : starts()) {
      for (Path dir = start; dir != null; dir = dir.getParent()) {
        if (Files.isRegularFile(dir.resolve("control-plane/build.sh"))) {
          return new ControlPlaneBinary(dir.resolve(IN_TREE), script(dir.resolve("control-plane")));
        }
      }
    }
    return new ControlPlaneBinary(Path.of(IN_TREE).toAbsolutePath(), Optional.empty());
  }

  private static Optional<Path> script(Path controlPlaneDir) {
    Path s = controlPlaneDir.resolve("build.sh");
    return Files.isRegularFile(s) ? Optional.of(s) : Optional.empty();
  }

  private static List<Path> starts() {
    List<Path> out = new ArrayList<>();
    out.add(Path.of("").toAbsolutePath());
    try {
      var source = ControlPlaneBinary.class.getProtectionDomain().getCodeSource();
      if (source != null) {
        out.add(Path.of(source.getLocation().toURI()).toAbsolutePath());
      }
    } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
      // Not loaded from a file: the working directory is the only place to look.
    }
    return out;
  }

  private static boolean onPath(Map<String, String> env, String program) {
    for (String dir : env.getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }
}
