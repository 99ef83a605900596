package io.ocelot.sim.machine;

import io.ocelot.daemon.host.Command;
import io.ocelot.daemon.host.CommandResult;
import io.ocelot.daemon.host.RpmOstreeImages;
import io.ocelot.fakehost.FakeHost;
import io.ocelot.fakehost.HostRootBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A machine's ostree sysroot: its base's commit ({@link OstreeBase}) pulled and deployed with
 * Debian's ostree, booted the way a boot loader boots one — the default entry's deployment is the
 * machine's root, the stateroot's {@code /var} its {@code /var}. Inside, the real {@code ostree
 * admin} stages, finalizes at shutdown (ostree's own units) and undeploys; docs/simulator.md tells
 * what was measured.
 */
public final class OstreeSysroot {
  public static final String OS = "os";
  public static final String BASE_REF = OS + "/base";

  /** The node's image: the base with the image's own parts (the stand-ins it carries). */
  public static final String IMAGE_REF = OS + "/image";

  /** Where an image names itself (the ostree-backed rpm-ostree stand-in writes it too). */
  public static final String IMAGE_FILE = FakeHost.OSTREE_IMAGE_FILE;

  /** ostree's unit, in its words: at shutdown, the staged deployment becomes the default. */
  static final String FINALIZE_SERVICE =
      """
      [Unit]
      Description=OSTree Finalize Staged Deployment
      Documentation=man:ostree(1)
      ConditionPathExists=/run/ostree-booted
      DefaultDependencies=no
      RequiresMountsFor=/sysroot /boot
      After=local-fs.target
      Before=basic.target final.target
      Conflicts=final.target
      [Service]
      Type=oneshot
      RemainAfterExit=yes
      ExecStop=/usr/bin/ostree admin finalize-staged
      TimeoutStopSec=5m
      """;

  /** ostree's unit that starts the one above once a deployment is staged. */
  static final String FINALIZE_PATH =
      """
      [Unit]
      Description=OSTree Monitor Staged Deployment
      Documentation=man:ostree(1)
      ConditionPathExists=/run/ostree-booted
      DefaultDependencies=no
      [Path]
      PathExists=/run/ostree/staged-deployment
      [Install]
      WantedBy=multi-user.target
      """;

  /**
   * What the initramfs's ostree-prepare-root does on a real host: marks the boot as an ostree one
   * before anything looks. A tmpfiles line comes too late: the path unit's condition has failed.
   */
  static final String BOOTED_SERVICE =
      """
      [Unit]
      Description=Mark this boot as one of an ostree deployment (the initramfs's job)
      DefaultDependencies=no
      Before=sysinit.target ostree-finalize-staged.path ostree-finalize-staged.service
      [Service]
      Type=oneshot
      ExecStart=/usr/bin/touch /run/ostree-booted
      """;

  private static final Duration LONG = Duration.ofMinutes(2);
  private static final String KERNEL = "usr/lib/modules/6.1.0-ocelot/";

  private final Path sysroot;
  private final Programs programs;

  private OstreeSysroot(Path sysroot, Programs programs) {
    this.sysroot = sysroot;
    this.programs = programs;
  }

  /**
   * Lays out a sysroot at {@code sysroot} whose one deployment is the base's commit, pulled from
   * its repo (hard links), and seeds its stateroot's {@code /var}.
   */
  public static OstreeSysroot create(Path sysroot, OstreeBase base, Programs programs)
      throws MachineException {
    requireOstree(programs);
    OstreeSysroot s = new OstreeSysroot(sysroot, programs);
    try {
      Files.createDirectories(sysroot);
    } catch (IOException e) {
      throw new MachineException("cannot make " + sysroot + ": " + e, e);
    }
    s.must("init the sysroot", "ostree", "admin", "init-fs", sysroot.toString());
    s.must("init its stateroot", "ostree", "admin", "os-init", "--sysroot=" + sysroot, OS);
    s.must(
        "pull the base",
        "ostree",
        "--repo=" + sysroot.resolve("ostree/repo"),
        "pull-local",
        base.repo().toString(),
        BASE_REF);
    s.must("seed /var", "cp", "-a", base.varSeed() + "/.", s.var().toString());
    s.must("deploy", "ostree", "admin", "deploy", "--sysroot=" + sysroot, "--os=" + OS, BASE_REF);
    return s;
  }

  /** Fails in one line where this computer has no ostree. */
  static void requireOstree(Programs programs) throws MachineException {
    if (!programs.run(Command.of("ostree", List.of("--version")).withTimeout(LONG)).ok()) {
      throw new MachineException(
          "ostree is not installed on this computer; it lays out the machines' sysroots"
              + " (Debian: apt-get install ostree)");
    }
  }

  /** What {@link #prepare} adds to a base: its identity for the cache ({@link OstreeBase}). */
  static List<String> treeRecipe() {
    return List.of(
        "etc to usr/etc, var aside, api dirs emptied, sysroot and its link: 1",
        KERNEL,
        FINALIZE_SERVICE,
        FINALIZE_PATH,
        BOOTED_SERVICE);
  }

  /**
   * Makes a root a tree ostree commits: {@code /etc} is the default configuration in {@code
   * /usr/etc}, {@code /var} is the stateroot's (moved aside to {@code var.seed} beside the tree),
   * API file systems empty, the sysroot's mount point and link, a kernel for the boot entry, and
   * ostree's units.
   */
  static void prepare(Path tree) throws IOException {
    Files.move(tree.resolve("etc"), tree.resolve("usr/etc"));
    Files.move(tree.resolve("var"), tree.resolveSibling("var.seed"));
    for (String dir : List.of("dev", "proc", "sys", "run", "tmp", "var", "sysroot")) {
      // Empty: ostree refuses device nodes, and these are mounted at boot.
      Path d = tree.resolve(dir);
      if (Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)) {
        try (var walk = Files.walk(d)) {
          for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
            if (!p.equals(d)) {
              Files.delete(p);
            }
          }
        }
      }
      Files.createDirectories(d);
    }
    Files.createSymbolicLink(tree.resolve("ostree"), Path.of("sysroot/ostree"));
    Files.createDirectories(tree.resolve(KERNEL));
    Files.writeString(tree.resolve(KERNEL + "vmlinuz"), "not a kernel: nspawn boots no kernel\n");
    Files.writeString(tree.resolve(KERNEL + "initramfs.img"), "not an initramfs\n");
    Path units = tree.resolve("usr/lib/systemd/system");
    Files.writeString(units.resolve("ostree-finalize-staged.service"), FINALIZE_SERVICE);
    Files.writeString(units.resolve("ostree-finalize-staged.path"), FINALIZE_PATH);
    Files.writeString(units.resolve("ocelot-ostree-booted.service"), BOOTED_SERVICE);
    wants(units, "multi-user.target.wants", "ostree-finalize-staged.path");
    wants(units, "sysinit.target.wants", "ocelot-ostree-booted.service");
  }

  private static void wants(Path units, String dir, String unit) throws IOException {
    Path d = units.resolve(dir);
    Files.createDirectories(d);
    Path link = d.resolve(unit);
    Files.deleteIfExists(link);
    Files.createSymbolicLink(link, Path.of("../" + unit));
  }

  public Path path() {
    return sysroot;
  }

  /** The stateroot's {@code /var}, shared by all deployments. */
  public Path var() {
    return sysroot.resolve("ostree/deploy/" + OS + "/var");
  }

  /** The deployment the boot loader boots now: the default entry's. */
  public Path defaultDeployment() throws MachineException {
    try {
      return BootEntries.read(sysroot)
          .deployment(sysroot, 0)
          .orElseThrow(() -> new MachineException("no boot entry under " + sysroot));
    } catch (IOException e) {
      throw new MachineException("cannot read the boot entries of " + sysroot + ": " + e, e);
    }
  }

  /** How many deployments the boot loader has entries for. */
  public int deployments() throws MachineException {
    try {
      return BootEntries.read(sysroot).entries().size();
    } catch (IOException e) {
      throw new MachineException("cannot read the boot entries of " + sysroot + ": " + e, e);
    }
  }

  /**
   * Binds the default deployment at {@code root} and the stateroot's {@code /var} at its {@code
   * var}, so the node's host root stays one path whichever deployment boots.
   */
  public void mountDefault(Path root) throws MachineException {
    Path deployment = defaultDeployment();
    try {
      Files.createDirectories(root);
    } catch (IOException e) {
      throw new MachineException("cannot make " + root + ": " + e, e);
    }
    must("bind the deployment", "mount", "--bind", deployment.toString(), root.toString());
    must("bind /var", "mount", "--bind", var().toString(), root.resolve("var").toString());
  }

  /**
   * Commits {@code layer} on top of the base as the OS image {@code image} and makes its deployment
   * the only one: what a node booted from an image has. As on the image the deployment's origin
   * names the image (rpm-ostree's {@code container-image-reference}) and {@code
   * /usr/lib/ocelot/image} says it, as every image the stand-in rebases to does.
   */
  public void deployImage(Path layer, String image) throws MachineException {
    Path origin = sysroot.resolve("image.origin");
    try {
      Files.createDirectories(layer.resolve(IMAGE_FILE).getParent());
      Files.writeString(layer.resolve(IMAGE_FILE), image + "\n");
      Files.writeString(
          origin,
          "[origin]\ncontainer-image-reference=" + RpmOstreeImages.TRANSPORT + image + "\n");
    } catch (IOException e) {
      throw new MachineException("cannot lay out the image " + image + ": " + e, e);
    }
    must(
        "commit the image " + image,
        "ostree",
        "--repo=" + sysroot.resolve("ostree/repo"),
        "commit",
        "--branch=" + IMAGE_REF,
        "--subject=" + image,
        "--add-metadata-string=ocelot.image=" + image,
        "--tree=ref=" + BASE_REF,
        "--tree=dir=" + layer);
    must(
        "deploy the image",
        "ostree",
        "admin",
        "deploy",
        "--sysroot=" + sysroot,
        "--os=" + OS,
        "--origin-file=" + origin,
        IMAGE_REF);
    try {
      Files.delete(origin);
    } catch (IOException e) {
      throw new MachineException("cannot remove " + origin + ": " + e, e);
    }
    must("drop the base's deployment", "ostree", "admin", "undeploy", "--sysroot=" + sysroot, "1");
  }

  /**
   * Queues the rollback deployment for the next boot, as {@code rpm-ostree rollback} does: the
   * first two deployments swap. Done from this computer, the boot loader's side, with ostree's API
   * ({@code ostree-rollback.py}); it works while the machine runs.
   */
  public void queueRollback() throws MachineException {
    must(
        "queue the rollback (needs Debian's python3-gi and gir1.2-ostree-1.0)",
        "/usr/bin/python3",
        "-c",
        HostRootBuilder.ostreeRollbackScript(),
        sysroot.toString());
  }

  /**
   * Removes the sysroot: ostree makes each deployment's directory immutable ({@code chattr +i}),
   * which even root must lift before deleting it.
   */
  public static void remove(Path sysroot, Programs programs) throws MachineException {
    unlockAllUnder(sysroot, programs);
    new OstreeSysroot(sysroot, programs).must("remove it", "rm", "-rf", sysroot.toString());
  }

  /**
   * Makes every ostree deployment below {@code dir} mutable again ({@code
   * .../ostree/deploy/<stateroot>/deploy/<deployment>}), so that the tree can be deleted: a state
   * dir's reset, a sysroot's removal.
   */
  public static void unlockAllUnder(Path dir, Programs programs) throws MachineException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    List<Path> deployments;
    try (Stream<Path> walk = Files.walk(dir)) {
      deployments = walk.filter(OstreeSysroot::isDeployment).toList();
    } catch (IOException | UncheckedIOException e) {
      throw new MachineException("cannot look for ostree deployments under " + dir + ": " + e, e);
    }
    OstreeSysroot s = new OstreeSysroot(dir, programs);
    for (Path d : deployments) {
      s.must("make " + d.getFileName() + " mutable", "chattr", "-i", d.toString());
    }
  }

  private static boolean isDeployment(Path p) {
    int n = p.getNameCount();
    return n >= 5
        && p.getName(n - 2).toString().equals("deploy")
        && p.getName(n - 4).toString().equals("deploy")
        && p.getName(n - 5).toString().equals("ostree")
        && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
  }

  /** What the machine needs bound besides its root: the sysroot, its boot and its /var. */
  public List<Machine.Bind> binds() {
    return List.of(
        new Machine.Bind(sysroot, "/sysroot", true),
        new Machine.Bind(sysroot.resolve("boot"), "/boot", true),
        new Machine.Bind(var(), "/var", true));
  }

  private void must(String what, String... argv) throws MachineException {
    CommandResult r =
        programs.run(Command.of(argv[0], List.of(argv).subList(1, argv.length)).withTimeout(LONG));
    if (!r.ok()) {
      throw new MachineException(
          "ostree sysroot " + sysroot + ": cannot " + what + ": " + r.describeFailure());
    }
  }
}
