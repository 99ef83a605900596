package io.ocelot.cli;

import io.ocelot.sim.SimInfo;
import io.ocelot.sim.StateDir;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ocelot fault}: breaks or fixes part of a running sim. */
@Command(
    name = "fault",
    mixinStandardHelpOptions = true,
    description = {
      "Break or fix part of a running 'ocelot sim' (found through its state dir):",
      "  break-reboot NODE     rename usr/bin/systemd-run: the reboot command fails",
      "  fix-reboot NODE       rename it back; a hung reboot comes back",
      "  hang-reboot NODE      the next reboot never comes back (until fix-reboot)",
      "  boot-old NODE         the next boot lands in the old deployment",
      "  fail-health NODE      its image's health check fails: a boot into an update",
      "                        rolls back (fix-health undoes it)",
      "  crash-boot NODE       boots into an update crash before the daemon runs; the",
      "                        boot counter falls back after 3 (fix-crash-boot",
      "                        undoes it)",
      "  fail-image-health IMAGE",
      "                        booting IMAGE fails its health check on every node (a",
      "                        bad image; fix-image-health undoes it)",
      "  fail-image-kubelet IMAGE",
      "                        booted into IMAGE, a node's kubelet never reports Ready",
      "                        (its CNI never starts; fix-image-kubelet undoes it)",
      "  fail-pull NODE IMAGE  pulling IMAGE fails on NODE (fix-pull undoes it)",
      "  fill-disk NODE        NODE's kubelet reports 17Gi of ephemeral storage: pinned",
      "                        images no longer fit (free-disk undoes it)",
      "  fail-build POOL       builds for POOL fail (fix-build undoes it)",
      "  drift NODE PATH       edit a file the node's config owns, as by hand",
      "                        (fix-drift undoes it)"
    })
final class FaultCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", description = "The fault.")
  String fault;

  @Parameters(index = "1..*", arity = "0..*", description = "Its arguments.")
  List<String> args = List.of();

  @Option(
      names = "--state-dir",
      defaultValue = ".ocelot",
      description = "The running sim's state dir (default: ${DEFAULT-VALUE}).")
  Path stateDir;

  @Override
  public Integer call() throws Exception {
    var err = spec.commandLine().getErr();
    String usage = io.ocelot.sim.Fault.USAGE.get(fault);
    if (usage == null) {
      err.println("error: no fault " + fault + "; faults:\n" + io.ocelot.sim.Fault.usage());
      return ExitCodes.UNREADABLE;
    }
    String[] names = usage.split(" ");
    if (args.size() != names.length) {
      err.println("usage: ocelot fault " + fault + " " + usage);
      return ExitCodes.UNREADABLE;
    }
    Optional<SimInfo> sim = StateDir.info(stateDir);
    if (sim.isEmpty()) {
      err.println(
          "error: no running ocelot sim uses state dir "
              + stateDir
              + " (start one with 'ocelot sim', or pass --state-dir)");
      return ExitCodes.UNREADABLE;
    }
    StringBuilder query = new StringBuilder();
    for (int i = 0; i < names.length; i++) {
      query
          .append(i == 0 ? "?" : "&")
          .append(names[i].toLowerCase(Locale.ROOT))
          .append('=')
          .append(URLEncoder.encode(args.get(i), StandardCharsets.UTF_8));
    }
    HttpResponse<String> r;
    try {
      r =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(sim.get().http() + "/faults/" + fault + query))
                      .timeout(Duration.ofSeconds(10))
                      .POST(HttpRequest.BodyPublishers.noBody())
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
    } catch (java.io.IOException e) {
      err.println("error: the sim at " + sim.get().http() + " does not answer: " + e.getMessage());
      return ExitCodes.UNREADABLE;
    }
    if (r.statusCode() != 200) {
      err.print("error: " + r.body());
      return ExitCodes.INVALID;
    }
    spec.commandLine().getOut().print(r.body());
    return ExitCodes.OK;
  }
}
