package io.ocelot.daemon.txn;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import io.ocelot.api.operator.Action;
import io.ocelot.api.operator.NodeDisruptionPolicies;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import io.ocelot.daemon.host.CommandRunner;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostFiles;
import io.ocelot.daemon.host.OsImagesProbe;
import io.ocelot.daemon.host.ProcessCommandRunner;
import io.ocelot.daemon.host.Rebooter;
import io.ocelot.daemon.host.RootedHostFiles;
import io.ocelot.daemon.host.Systemd;
import io.ocelot.daemon.host.UserDb;
import io.ocelot.daemon.host.Users;
import io.ocelot.daemon.plan.Observed;
import io.ocelot.daemon.plan.PlanResult;
import io.ocelot.daemon.plan.Planner;
import io.ocelot.daemon.plan.UpdatePlan;
import io.ocelot.fakehost.FakeHost;
import io.ocelot.fakehost.HostRootBuilder;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/** A simulated host wired to the engine, as the daemon wires a real one. */
public final class HostFixture {
  /**
   * Paths whose change is not host configuration: logs, the fake tools' counters, runtime stamps.
   */
  private static final List<String> VOLATILE =
      List.of(
          "var/log/",
          "var/lib/fakehost/serial",
          "var/lib/fakehost/service-actions",
          "run/systemd/last-daemon-reload",
          "var/lib/ocelot/last-failure.json",
          "var/lib/ocelot/engine.lock",
          "var/lib/fakehost/grubenv",
          // The host's image store: a cache that an undo leaves (ostree's repo keeps what it
          // pulled until pruned), not state the transaction restores.
          "var/lib/fakehost/images");

  public final FakeHost fake;
  public final Path root;
  final HostFiles files;
  final CommandRunner runner;
  public final HostContext host;
  final Clock clock = Clock.fixed(Instant.parse("2026-12-02T12:00:00Z"), ZoneOffset.UTC);
  final AtomicInteger ids = new AtomicInteger();
  PrometheusRegistry registry = new PrometheusRegistry();
  EngineMetrics metrics = new EngineMetrics(registry);
  Checkpoint checkpoint = Checkpoint.NONE;

  public HostFixture(Path root, String bootedImage) throws HostException {
    this(root, bootedImage, UnaryOperator.identity());
  }

  HostFixture(Path root, String bootedImage, UnaryOperator<HostFiles> decorate)
      throws HostException {
    this(root, bootedImage, decorate, false);
  }

  /** A bootc host: the same root without rpm-ostree, so the probe picks bootc. */
  public static HostFixture bootc(Path root, String bootedImage) throws HostException {
    return new HostFixture(root, bootedImage, UnaryOperator.identity(), true);
  }

  private HostFixture(
      Path root, String bootedImage, UnaryOperator<HostFiles> decorate, boolean bootc)
      throws HostException {
    this.root = root;
    this.fake =
        HostRootBuilder.at(root).bootedImage(bootedImage).kernelArguments("rw quiet").build();
    if (bootc) {
      try {
        Files.delete(root.resolve("usr/bin/rpm-ostree"));
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    this.files = decorate.apply(new RootedHostFiles(root));
    this.runner = ProcessCommandRunner.simulatedRoot(root);
    this.host =
        new HostContext(
            files,
            OsImagesProbe.detect(runner),
            new Systemd(runner),
            new Users(runner, files),
            new UserDb(files),
            new Rebooter(runner),
            BootIdSource.file(files, BootIdSource.SIMULATED),
            new io.ocelot.daemon.host.BootLog(runner),
            new io.ocelot.daemon.host.FileHostLock(root, clock),
            io.ocelot.daemon.host.FileWatcher.NONE,
            new io.ocelot.daemon.host.ExecutableHealthChecks(files, runner, Duration.ofSeconds(3)),
            new io.ocelot.daemon.host.ExecutableHooks(files, runner, Duration.ofSeconds(3)),
            new io.ocelot.daemon.host.GrubBootCounter(runner),
            new io.ocelot.daemon.host.ContainerImages(runner));
  }

  public StateStore store() {
    return new StateStore(files, checkpoint);
  }

  UpdateEngine engine() {
    return new UpdateEngine(
        host,
        store(),
        DrainHandshake.NO_CLUSTER,
        metrics,
        clock,
        () -> "attempt-" + ids.incrementAndGet());
  }

  Recovery recovery() {
    return new Recovery(host, store(), metrics, clock);
  }

  /** A fresh daemon process after a reboot: new metrics. */
  void restartDaemon() {
    registry = new PrometheusRegistry();
    metrics = new EngineMetrics(registry);
  }

  /**
   * Updates the host from one config to another, through the reboot and the next start's recovery
   * where the update asks for a reboot; the outcome of the last step.
   */
  EngineOutcome update(MachineConfig from, MachineConfig to, String bootedImage) throws Exception {
    EngineOutcome applied =
        engine()
            .apply(plan(ConfigTarget.of(from), ConfigTarget.of(to), bootedImage), Attempt.FIRST);
    if (applied instanceof EngineOutcome.RebootRequested) {
      fake.reboot();
      restartDaemon();
      applied = recovery().start(Attempt.FIRST);
    }
    return applied;
  }

  /** Puts the host into a config as if it had been applied and validated earlier. */
  public void settle(MachineConfig config, Optional<String> image) throws HostException {
    IgnitionResult r = IgnitionParser.parse(config.getSpec().getConfig());
    FirstBoot.reapply(host, ((IgnitionResult.Valid) r).config());
    store()
        .write(
            CommitMarker.stable(
                new Target(config.getMetadata().getName(), image),
                Json.MAPPER.valueToTree(config),
                host.bootId().current()),
            "test:settle");
  }

  static UpdatePlan plan(ConfigTarget from, ConfigTarget to, String booted) {
    PlanResult r = Planner.plan(from, to, Observed.booted(booted));
    return ((PlanResult.Ready) r).plan();
  }

  /** The admin's node disruption policy of the rebootless cases, merged over the defaults. */
  static final NodeDisruptionPolicy POLICY =
      NodeDisruptionPolicies.merge(
          Optional.of(
              new NodeDisruptionPolicy(
                  List.of(
                      new NodeDisruptionPolicy.File(
                          "/etc/chrony.conf", List.of(Action.restart("chronyd.service"))),
                      new NodeDisruptionPolicy.File(
                          "/etc/keep.conf", List.of(Action.reload("crio.service")))),
                  List.of(),
                  null)));

  /**
   * R1 to a copy with new contents in {@code /etc/chrony.conf} and {@code /etc/keep.conf}, planned
   * with {@link #POLICY}: write both, restart chronyd, reload crio, no reboot.
   */
  static UpdatePlan rebootlessServicesPlan() {
    MachineConfig r1s =
        MachineConfigs.create(
            "rendered-worker-1s",
            "worker",
            IgnitionBuilder.v3()
                .file("/etc/chrony.conf", "pool c.example.com\n")
                .file("/etc/keep.conf", "changed\n")
                .unit(
                    "hello.service",
                    "[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n",
                    true)
                .build(),
            SeedScenarioTest.BASE);
    PlanResult r =
        Planner.plan(
            ConfigTarget.of(SeedScenarioTest.R1),
            ConfigTarget.of(r1s),
            Observed.booted(SeedScenarioTest.BASE),
            Optional.of(POLICY));
    return ((PlanResult.Ready) r).plan();
  }

  /** The paths that differ between two snapshots, with both descriptions. */
  public static Map<String, String> differences(
      Map<String, String> before, Map<String, String> after) {
    Map<String, String> out = new TreeMap<>();
    java.util.Set<String> keys = new java.util.TreeSet<>(before.keySet());
    keys.addAll(after.keySet());
    for (String k : keys) {
      if (!java.util.Objects.equals(before.get(k), after.get(k))) {
        out.put(k, before.get(k) + " => " + after.get(k));
      }
    }
    return out;
  }

  /** Every file, symlink and directory under the root with type, mode, owner and content hash. */
  public Map<String, String> snapshot() {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.toList()) {
        String rel = root.relativize(p).toString();
        if (rel.isEmpty() || VOLATILE.stream().anyMatch(v -> rel.equals(v) || rel.startsWith(v))) {
          continue;
        }
        out.put(rel, describe(p));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static String describe(Path p) throws IOException {
    if (Files.isSymbolicLink(p)) {
      return "link -> " + Files.readSymbolicLink(p);
    }
    Object mode = Files.getAttribute(p, "unix:mode", java.nio.file.LinkOption.NOFOLLOW_LINKS);
    Object uid = Files.getAttribute(p, "unix:uid", java.nio.file.LinkOption.NOFOLLOW_LINKS);
    Object gid = Files.getAttribute(p, "unix:gid", java.nio.file.LinkOption.NOFOLLOW_LINKS);
    String meta = String.format("%o %s:%s", (Integer) mode & 07777, uid, gid);
    if (Files.isDirectory(p)) {
      return "dir " + meta;
    }
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p));
      return "file " + meta + " " + HexFormat.of().formatHex(digest);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
