package io.ocelot.fakehost;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * Lays out a simulated host root: {@code etc/} with {@code core} in passwd and shadow, {@code
 * usr/bin/} with the stand-in tools, the units the reboot command needs, and a booted deployment of
 * a given image. Or, on a real root (a booted machine with real systemd, shadow-utils and
 * journald), only what Debian cannot give it: the OS image tools and their deployments.
 */
public final class HostRootBuilder {
  /** The stand-in tools, installed under {@code usr/bin}. */
  public static final List<String> TOOLS =
      List.of(
          "rpm-ostree",
          "bootc",
          "systemctl",
          "systemd-run",
          "usermod",
          "journalctl",
          "grub2-editenv",
          "crictl",
          "podman",
          "crio");

  /**
   * The stand-ins a real root gets: the OS image tools (rpm-ostree and bootc are not packaged in
   * Debian), GRUB's environment tool, a kubelet that only stays up, and the container runtime's
   * tools (no CRI-O on a machine: its image store is the stand-ins').
   */
  public static final List<String> IMAGE_TOOLS =
      List.of("rpm-ostree", "bootc", "grub2-editenv", "kubelet", "crictl", "podman", "crio");

  /**
   * Present only in a root whose every tool is a stand-in: the daemon then runs the tools from the
   * root's {@code usr/bin} instead of through {@code chroot} (the daemon's HostWiring reads it).
   */
  public static final String SIMULATED_MARKER = "usr/lib/fakehost/simulated-root";

  /**
   * ostree's unit that finalizes a staged deployment at shutdown, which MCO's reboot command
   * requires (ordered as ostree's own). Here it does nothing when it stops: the simulator's reboot
   * promotes the stand-ins' staged deployment.
   */
  static final String FINALIZE_UNIT = "usr/lib/systemd/system/ostree-finalize-staged.service";

  /**
   * The image's CRI-O, started by the image itself (a vendor wants link and no {@code [Install]}: a
   * static unit, which an admin's preset cannot disable): a pin of images and a
   * ContainerRuntimeConfig reload it. On a machine it runs the stand-in {@code crio}, which only
   * stays up; real systemd refuses to reload a unit it does not know.
   */
  static final String CRIO_UNIT = "usr/lib/systemd/system/crio.service";

  static final String CA_TRUST_UNIT = "usr/lib/systemd/system/coreos-update-ca-trust.service";
  static final String CHRONY_UNIT = "usr/lib/systemd/system/chronyd.service";

  private static final String RESOURCES = "/io/ocelot/fakehost/root/";
  private static final String OSTREE_RESOURCES = "/io/ocelot/fakehost/ostree/";
  private static final String OSTREE_ROLLBACK = "usr/lib/fakehost/ostree-rollback.py";
  private static final String FINALIZE_FAULT_DROP_IN =
      "usr/lib/systemd/system/ostree-finalize-staged.service.d/ocelot-fault.conf";

  /**
   * The script that queues an ostree sysroot's rollback deployment (its argument: the sysroot), for
   * the boot loader's side to run from outside a machine.
   */
  public static String ostreeRollbackScript() {
    try (InputStream in =
        HostRootBuilder.class.getResourceAsStream(OSTREE_RESOURCES + OSTREE_ROLLBACK)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + OSTREE_RESOURCES + OSTREE_ROLLBACK);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final List<String> FILES = List.of("usr/lib/fakehost/lib.sh");

  /** The image's own health check, which fails while {@link FakeHost#failHealth} says so. */
  public static final String HEALTH_CHECK =
      "usr/lib/greenboot/check/required.d/50-fakehost-health.sh";

  private final Path root;
  private String image = "quay.io/fedora/fedora-coreos@sha256:" + "0".repeat(64);
  private String kargs = "rw root=UUID=4d1c6c6e console=tty0";
  private String bootId = UUID.nameUUIDFromBytes(new byte[] {1}).toString();

  private HostRootBuilder(Path root) {
    this.root = Objects.requireNonNull(root);
  }

  public static HostRootBuilder at(Path root) {
    return new HostRootBuilder(root);
  }

  /** The image of the booted deployment. */
  public HostRootBuilder bootedImage(String image) {
    this.image = image;
    return this;
  }

  /** The kernel arguments of the booted deployment, space-separated. */
  public HostRootBuilder kernelArguments(String kargs) {
    this.kargs = kargs;
    return this;
  }

  public HostRootBuilder bootId(String bootId) {
    this.bootId = bootId;
    return this;
  }

  /** A simulated root: every tool a stand-in, {@code etc/} with {@code core}. */
  public FakeHost build() {
    try {
      for (String tool : TOOLS) {
        install("usr/bin/" + tool, true);
      }
      write(
          SIMULATED_MARKER,
          "Every tool of this root is a stand-in (ocelot-fakehost): run them from here, not"
              + " through chroot.\n");
      write(
          "etc/passwd",
          "root:x:0:0:root:/root:/bin/bash\ncore:x:1000:1000:CoreOS Admin:/var/home/core:/bin/bash\n");
      write("etc/group", "root:x:0:\nwheel:x:10:core\ncore:x:1000:\n");
      write("etc/shadow", "root:*:19000:0:99999:7:::\ncore:*:19000:0:99999:7:::\n");
      Files.setPosixFilePermissions(
          root.resolve("etc/shadow"), PosixFilePermissions.fromString("---------"));
      write("etc/os-release", "NAME=\"Fedora Linux\"\nID=fedora\nVARIANT_ID=coreos\n");
      write(
          "usr/lib/systemd/system/kubelet.service",
          "[Unit]\nDescription=Kubernetes Kubelet\n[Service]\nExecStart=/usr/bin/kubelet\n"
              + "[Install]\nWantedBy=multi-user.target\n");
      Files.createDirectories(root.resolve("etc/systemd/system"));
      Files.createDirectories(root.resolve("var/home/core/.ssh"));
      if (!Files.exists(root.resolve("home"), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        Files.createSymbolicLink(root.resolve("home"), Path.of("var/home"));
      }
      Files.createDirectories(root.resolve("run"));
      return imageParts();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lay out a host root at " + root, e);
    }
  }

  /**
   * A real root (a machine's, with real systemd, users and journal): only the OS image stand-ins,
   * the image's health check and a booted deployment of the image. Its other tools stay real, so
   * the daemon runs everything through {@code chroot}.
   */
  public FakeHost buildOnRealRoot() {
    try {
      for (String tool : IMAGE_TOOLS) {
        install("usr/bin/" + tool, true);
      }
      return imageParts();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lay out the image tools on " + root, e);
    }
  }

  /**
   * The image's parts for a root booted from a real ostree sysroot, laid out in this builder's
   * directory as a layer to commit on top of the base: {@code rpm-ostree} and {@code bootc} over
   * ostree's own deployments ({@code ostree admin}), the other image tools and {@code /usr} parts
   * as on any machine (ostree's own finalizing unit is in the base's tree).
   */
  public void buildOstreeLayer() {
    try {
      for (String tool : IMAGE_TOOLS) {
        boolean ostreeTool = tool.equals("rpm-ostree") || tool.equals("bootc");
        install(ostreeTool ? OSTREE_RESOURCES : RESOURCES, "usr/bin/" + tool, true);
      }
      install(OSTREE_RESOURCES, "usr/lib/fakehost/ostree.sh", false);
      install(OSTREE_RESOURCES, OSTREE_ROLLBACK, false);
      install(OSTREE_RESOURCES, "usr/lib/fakehost/finalize-staged", true);
      install(OSTREE_RESOURCES, FINALIZE_FAULT_DROP_IN, false);
      usrParts();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lay out the ostree image tools in " + root, e);
    }
  }

  /**
   * A root booted from a real ostree deployment of an image laid out by {@link #buildOstreeLayer}:
   * only the directories the stand-ins keep their state in, under the stateroot's {@code /var}.
   */
  public FakeHost onOstreeRoot() {
    try {
      Files.createDirectories(root.resolve("var/lib/fakehost/faults"));
      return new FakeHost(root);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lay out the stand-ins' state under " + root, e);
    }
  }

  /** The image's parts, ostree's unit and the stand-ins' deployments. */
  private FakeHost imageParts() throws IOException {
    usrParts();
    write(
        FINALIZE_UNIT,
        """
        [Unit]
        Description=OSTree Finalize Staged Deployment (stand-in)
        DefaultDependencies=no
        Conflicts=final.target
        Before=basic.target final.target
        [Service]
        Type=oneshot
        RemainAfterExit=yes
        ExecStart=/bin/true
        ExecStop=/bin/true
        """);
    Files.createDirectories(root.resolve("var/lib/fakehost/faults"));
    Path booted = root.resolve("var/lib/fakehost/ostree/deployments/booted");
    Files.createDirectories(booted);
    write("var/lib/fakehost/ostree/deployments/booted/image", image + "\n");
    write("var/lib/fakehost/ostree/deployments/booted/kargs", kargs + "\n");
    write("var/lib/fakehost/ostree/deployments/booted/packages", "");
    write("var/lib/fakehost/ostree/deployments/booted/serial", "0\n");
    write(
        "var/lib/fakehost/ostree/deployments/booted/checksum",
        FakeHost.checksum(image + "|" + kargs + "|") + "\n");
    write(
        "var/lib/fakehost/ostree/deployments/booted/digest",
        FakeHost.checksum(image) + " " + image + "\n");
    write("var/lib/fakehost/serial", "0\n");
    write("var/lib/fakehost/boot_id", bootId + "\n");
    return new FakeHost(root);
  }

  /**
   * What the image ships under {@code /usr}: the stand-ins' library, the image's health check, the
   * units node disruption policies act on, and the image's preset policy.
   */
  private void usrParts() throws IOException {
    for (String file : FILES) {
      install(file, false);
    }
    install(HEALTH_CHECK, true);
    write(
        CRIO_UNIT,
        """
        [Unit]
        Description=Container Runtime Interface for OCI (CRI-O) (stand-in: runs no containers)
        [Service]
        ExecStart=/usr/bin/crio
        ExecReload=/bin/true
        """);
    // Units of the image that node disruption policies act on (upstream's defaults restart the CA
    // trust one, its docs chronyd): the stand-in systemctl, as systemd, refuses unknown units.
    write(
        CA_TRUST_UNIT,
        """
        [Unit]
        Description=Update CA trust (stand-in)
        [Service]
        Type=oneshot
        ExecStart=/bin/true
        """);
    write(
        CHRONY_UNIT,
        """
        [Unit]
        Description=NTP client/server (stand-in: keeps no time)
        [Service]
        ExecStart=/bin/sleep infinity
        """);
    Path wants = root.resolve("usr/lib/systemd/system/multi-user.target.wants");
    Files.createDirectories(wants);
    if (!Files.exists(wants.resolve("crio.service"), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      Files.createSymbolicLink(wants.resolve("crio.service"), Path.of("../crio.service"));
    }
    // The image's preset policy, as Fedora CoreOS and RHCOS ship it: what is not enabled by name is
    // disabled (systemd's own default, without such a line, is to enable).
    write("usr/lib/systemd/system-preset/99-default-disable.preset", "disable *\n");
  }

  private void install(String relative, boolean executable) throws IOException {
    install(RESOURCES, relative, executable);
  }

  private void install(String resources, String relative, boolean executable) throws IOException {
    Path target = root.resolve(relative);
    Files.createDirectories(target.getParent());
    try (InputStream in = HostRootBuilder.class.getResourceAsStream(resources + relative)) {
      if (in == null) {
        throw new IOException("missing resource " + resources + relative);
      }
      Files.write(target, in.readAllBytes());
    }
    Files.setPosixFilePermissions(
        target, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
  }

  private void write(String relative, String text) throws IOException {
    Path target = root.resolve(relative);
    Files.createDirectories(target.getParent());
    Files.writeString(target, text, StandardCharsets.UTF_8);
  }
}
