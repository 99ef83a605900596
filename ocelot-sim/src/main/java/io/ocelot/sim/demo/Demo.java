package io.ocelot.sim.demo;

import io.ocelot.sim.SimCluster;
import io.ocelot.sim.SimException;
import io.ocelot.sim.SimSettings;
import io.ocelot.sim.Trees;
import io.ocelot.sim.demo.Timeline.Seen;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** Runs a scenario on a fresh cluster in a temporary state dir, and removes the dir afterwards. */
public final class Demo {
  public static final List<Scenario> SCENARIOS =
      List.of(new RebootFailure(), new Rollout(), new Revert(), new BadImage());

  private Demo() {}

  public static Optional<Scenario> scenario(String name) {
    return SCENARIOS.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  /** True when every step passed. {@code settings.stateDir()} is replaced by a temporary one. */
  public static boolean run(Scenario scenario, SimSettings settings, PrintWriter out)
      throws IOException {
    Path dir = Files.createTempDirectory("ocelot-demo-");
    Timeline t = new Timeline(out, Clock.systemUTC());
    out.println("ocelot demo " + scenario.name() + ": " + scenario.summary());
    SimSettings s = settings.inFreshDir(dir.resolve("state"));
    try (SimCluster sim = SimCluster.start(s, t::info)) {
      if (t.check(
          "bring up a cluster (" + s.workers() + " workers, " + s.masters() + " master)",
          () -> Seen.of(sim.nodes().size() == s.workers() + s.masters(), ""))) {
        scenario.run(sim, t);
      }
    } catch (SimException e) {
      t.check("bring up a cluster", () -> Seen.of(false, e.getMessage()));
    } finally {
      Trees.deleteMachines(dir);
    }
    out.printf(
        "%s: %s in %.1f s%n",
        t.passed() ? "PASS" : "FAIL", scenario.name(), t.elapsed().toMillis() / 1000.0);
    out.flush();
    return t.passed();
  }
}
