package io.ocelot.cli;

import io.ocelot.daemon.host.Deployment;
import io.ocelot.daemon.host.HostStatus;
import io.ocelot.daemon.txn.CommitMarker;
import io.ocelot.daemon.txn.HostContext;
import io.ocelot.daemon.txn.Journal;
import io.ocelot.daemon.txn.StateStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ocelot host status}: deployments, commit marker, journal, last failure. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = "Show the host's deployments, commit marker, journal and last failure.")
final class HostStatusCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--root", required = true)
  Path root;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    HostContext host = HostCommand.wire(root);
    HostStatus status = host.images().status();
    out.println("deployments (" + host.images().tool() + "):");
    slot(out, "staged", status.staged());
    slot(out, "booted", status.booted());
    slot(out, "rollback", status.rollback());
    StateStore store = HostCommand.store(host);
    Optional<CommitMarker> marker = store.marker();
    out.println(
        "marker: "
            + marker
                .map(
                    m ->
                        m.phase()
                            + " "
                            + m.target().describe()
                            + m.previous().map(p -> " (from " + p.describe() + ")").orElse(""))
                .orElse("none"));
    Optional<Journal> journal = store.journal();
    if (journal.isEmpty()) {
      out.println("journal: empty");
    } else {
      Journal j = journal.get();
      out.println(
          "journal: attempt "
              + j.attempt()
              + " "
              + j.phase()
              + ", "
              + j.from().describe()
              + " -> "
              + j.to().describe());
      for (Journal.Entry e : j.entries()) {
        out.printf("  %2d. %-9s %s%n", e.index() + 1, e.state(), e.summary());
      }
    }
    out.println("last failure: " + store.lastFailure().map(f -> f.message()).orElse("none"));
    return ExitCodes.OK;
  }

  private static void slot(PrintWriter out, String name, Optional<Deployment> d) {
    out.printf("  %-8s %s%n", name, d.map(Deployment::image).orElse("-"));
  }
}
