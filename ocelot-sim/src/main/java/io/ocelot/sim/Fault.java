package io.ocelot.sim;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What can go wrong in the simulated cluster, each fault with the way to undo it. Node faults
 * change that node's host root, as an admin would; build faults tell the simulated image builder.
 */
public sealed interface Fault {
  /** The names {@code ocelot fault} and the HTTP API accept, with the argument each needs. */
  Map<String, String> USAGE =
      Map.ofEntries(
          Map.entry("drift", "NODE PATH"),
          Map.entry("fix-drift", "NODE PATH"),
          Map.entry("break-reboot", "NODE"),
          Map.entry("fix-reboot", "NODE"),
          Map.entry("hang-reboot", "NODE"),
          Map.entry("boot-old", "NODE"),
          Map.entry("fail-health", "NODE"),
          Map.entry("fix-health", "NODE"),
          Map.entry("crash-boot", "NODE"),
          Map.entry("fix-crash-boot", "NODE"),
          Map.entry("fail-image-health", "IMAGE"),
          Map.entry("fix-image-health", "IMAGE"),
          Map.entry("fail-image-kubelet", "IMAGE"),
          Map.entry("fix-image-kubelet", "IMAGE"),
          Map.entry("fail-pull", "NODE IMAGE"),
          Map.entry("fix-pull", "NODE IMAGE"),
          Map.entry("fill-disk", "NODE"),
          Map.entry("free-disk", "NODE"),
          Map.entry("fail-build", "POOL"),
          Map.entry("fix-build", "POOL"));

  /** Renames {@code usr/bin/systemd-run}: the reboot command fails. */
  record BreakReboot(String node) implements Fault {}

  /** Undoes {@link BreakReboot} and {@link HangReboot}. */
  record FixReboot(String node) implements Fault {}

  /** The next reboot never comes back, until {@link FixReboot}. */
  record HangReboot(String node) implements Fault {}

  /** The next boot lands in the old deployment (finalizing the staged one fails). */
  record BootOld(String node) implements Fault {}

  /** The node's image health check fails: a boot into an update rolls back, until fixed. */
  record FailHealth(String node) implements Fault {}

  record FixHealth(String node) implements Fault {}

  /** Boots into an update crash before the daemon runs, until the boot counter falls back. */
  record CrashBoot(String node) implements Fault {}

  record FixCrashBoot(String node) implements Fault {}

  /** A bad image: booting {@code image} fails its health check on every node. */
  record FailImageHealth(String image) implements Fault {}

  record FixImageHealth(String image) implements Fault {}

  /** A bad image: on every node booted into {@code image} the kubelet never reports Ready. */
  record FailImageKubelet(String image) implements Fault {}

  record FixImageKubelet(String image) implements Fault {}

  record FailPull(String node, String image) implements Fault {}

  record FixPull(String node, String image) implements Fault {}

  /**
   * The node's kubelet reports {@link SimKubelet#FULL_DISK} of allocatable ephemeral storage (just
   * above the 16 GiB a pin of images must leave free), so pulling pinned images does not fit.
   */
  record FillDisk(String node) implements Fault {}

  /** The node's kubelet reports the seed's ephemeral storage again. */
  record FreeDisk(String node) implements Fault {}

  /** Builds for the pool that finish from now on fail. */
  record FailBuild(String pool) implements Fault {}

  record FixBuild(String pool) implements Fault {}

  /**
   * Edits a file the node's current config owns, as a person by hand would: appends a line. The
   * node's drift monitor degrades it within seconds, and the pre-flight check refuses to update it,
   * until {@link FixDrift}.
   */
  record Drift(String node, String path) implements Fault {}

  /** Removes the line {@link Drift} appended. */
  record FixDrift(String node, String path) implements Fault {}

  /** Parses {@code name args...}; empty with a reason when it is not a fault. */
  static Optional<Fault> parse(String name, List<String> args) {
    int needed = Optional.ofNullable(USAGE.get(name)).map(u -> u.split(" ").length).orElse(-1);
    if (needed != args.size()) {
      return Optional.empty();
    }
    return Optional.of(
        switch (name) {
          case "break-reboot" -> new BreakReboot(args.get(0));
          case "fix-reboot" -> new FixReboot(args.get(0));
          case "hang-reboot" -> new HangReboot(args.get(0));
          case "boot-old" -> new BootOld(args.get(0));
          case "fail-health" -> new FailHealth(args.get(0));
          case "fix-health" -> new FixHealth(args.get(0));
          case "crash-boot" -> new CrashBoot(args.get(0));
          case "fix-crash-boot" -> new FixCrashBoot(args.get(0));
          case "fail-image-health" -> new FailImageHealth(args.get(0));
          case "fix-image-health" -> new FixImageHealth(args.get(0));
          case "fail-image-kubelet" -> new FailImageKubelet(args.get(0));
          case "fix-image-kubelet" -> new FixImageKubelet(args.get(0));
          case "fail-pull" -> new FailPull(args.get(0), args.get(1));
          case "fix-pull" -> new FixPull(args.get(0), args.get(1));
          case "fill-disk" -> new FillDisk(args.get(0));
          case "free-disk" -> new FreeDisk(args.get(0));
          case "fail-build" -> new FailBuild(args.get(0));
          case "fix-build" -> new FixBuild(args.get(0));
          case "drift" -> new Drift(args.get(0), args.get(1));
          case "fix-drift" -> new FixDrift(args.get(0), args.get(1));
          default -> throw new IllegalStateException("unreachable: " + name);
        });
  }

  /** {@code usage: <name> <args>} for each fault, sorted. */
  static String usage() {
    StringBuilder b = new StringBuilder();
    USAGE.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(
            e -> b.append("  ").append(e.getKey()).append(' ').append(e.getValue()).append('\n'));
    return b.toString();
  }
}
