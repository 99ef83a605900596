package io.ocelot.fakehost;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A simulated host root laid out by {@link HostRootBuilder}: reads its deployments, reboots it, and
 * breaks or fixes it the way an admin would (renaming a tool, marking an image unpullable).
 */
public final class FakeHost {
  private static final String FINALIZE_FAULT = "var/lib/fakehost/faults/finalize-fails";
  private static final String HANG_FAULT = "var/lib/fakehost/faults/reboot-hangs";
  private static final String HEALTH_FAULT = "var/lib/fakehost/faults/unhealthy";
  private static final String CRASH_FAULT = "var/lib/fakehost/faults/boots-crash";
  private static final String GRUBENV = "var/lib/fakehost/grubenv";
  private static final String UNHEALTHY_IMAGES = "var/lib/fakehost/faults/unhealthy-images";

  private final Path root;

  FakeHost(Path root) {
    this.root = root;
  }

  /** An existing root, e.g. one the simulator laid out earlier. */
  public static FakeHost open(Path root) {
    if (!Files.isDirectory(root.resolve("var/lib/fakehost/ostree/deployments"))) {
      throw new IllegalArgumentException(root + " is not a simulated host root");
    }
    return new FakeHost(root);
  }

  public Path root() {
    return root;
  }

  /** A deployment slot of the fake ostree. */
  public enum Slot {
    STAGED,
    BOOTED,
    ROLLBACK;

    String dir() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * Clones this root for another machine booted the same way (tools, files, deployments) with its
   * own boot id: laying out one root and copying it is much cheaper than running the tools again
   * for each of a thousand machines.
   */
  public FakeHost copyTo(Path target, String bootId) {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.toList()) {
        Path to = target.resolve(root.relativize(p).toString());
        if (Files.isSymbolicLink(p)) {
          Files.createDirectories(to.getParent());
          Files.createSymbolicLink(to, Files.readSymbolicLink(p));
        } else if (Files.isDirectory(p)) {
          Files.createDirectories(to);
          Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(p));
        } else {
          Files.copy(p, to, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
      Files.writeString(
          target.resolve("var/lib/fakehost/boot_id"), bootId + "\n", StandardCharsets.UTF_8);
      return new FakeHost(target);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy " + root + " to " + target, e);
    }
  }

  /**
   * The image of a deployment slot, if the slot is occupied, as the stand-ins keep it; on a root
   * booted from a real ostree deployment (no stand-in deployments), the booted one is the one the
   * image's tree names.
   */
  public Optional<String> image(Slot slot) {
    Optional<String> kept = read(deployment(slot).resolve("image"));
    if (kept.isEmpty() && slot == Slot.BOOTED && !Files.isDirectory(deployment(slot))) {
      return read(root.resolve(OSTREE_IMAGE_FILE));
    }
    return kept;
  }

  /** Where an image booted from a real ostree deployment names itself. */
  public static final String OSTREE_IMAGE_FILE = "usr/lib/ocelot/image";

  public Optional<String> kernelArguments(Slot slot) {
    return image(slot).flatMap(i -> read(deployment(slot).resolve("kargs")));
  }

  public String bootId() {
    return read(root.resolve("var/lib/fakehost/boot_id")).orElse("");
  }

  /** Requests a reboot as {@code systemctl reboot} would (a watchdog, a crash). */
  public void requestReboot() {
    try {
      Path flag = root.resolve("run/ocelot-fakehost/reboot-requested");
      Files.createDirectories(flag.getParent());
      Files.writeString(flag, "crash\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** True when a reboot was requested (systemd-run ran "systemctl reboot") since the last boot. */
  public boolean rebootRequested() {
    return Files.exists(root.resolve("run/ocelot-fakehost/reboot-requested"));
  }

  /** The boot loader's entry a boot took. */
  public enum BootEntry {
    /** The default entry: the first deployment. */
    DEFAULT,
    /** GRUB's boot counter ran out: the fallback entry, the previous deployment. */
    FALLBACK
  }

  /**
   * Reboots the root as ostree would: the staged deployment (if any) becomes booted and the old
   * booted one the rollback; with a queued rollback, booted and rollback swap. {@code run/} is
   * cleared and the boot id changes. Returns the entry the boot loader took, for a caller whose
   * root boots from real ostree deployments (none of the stand-in's): that caller swaps them.
   */
  public BootEntry reboot() {
    try {
      Path dir = root.resolve("var/lib/fakehost/ostree/deployments");
      Path queued = root.resolve("var/lib/fakehost/rollback-queued");
      Path finalizeFault = root.resolve(FINALIZE_FAULT);
      Path previous = root.resolve("var/lib/fakehost/previous-boot");
      deleteTree(previous);
      Files.createDirectories(previous);
      boolean fallback = countBoot();
      if (fallback && Files.exists(deployment(Slot.ROLLBACK))) {
        // GRUB's boot counter ran out: the fallback entry, the previous deployment, boots.
        Path tmp = dir.resolve(".swap");
        Files.move(deployment(Slot.BOOTED), tmp);
        Files.move(deployment(Slot.ROLLBACK), deployment(Slot.BOOTED));
        Files.move(tmp, deployment(Slot.ROLLBACK));
      } else if (Files.exists(finalizeFault)
          && Files.exists(deployment(Slot.STAGED).resolve("image"))) {
        // ostree-finalize-staged failed at shutdown: the staged deployment is lost.
        Files.move(finalizeFault, previous.resolve("ostree-finalize-staged.err"));
        deleteTree(deployment(Slot.STAGED));
      } else if (Files.exists(deployment(Slot.STAGED).resolve("image"))) {
        deleteTree(deployment(Slot.ROLLBACK));
        Files.move(deployment(Slot.BOOTED), deployment(Slot.ROLLBACK));
        Files.move(deployment(Slot.STAGED), deployment(Slot.BOOTED));
      } else if (Files.exists(queued) && Files.exists(deployment(Slot.ROLLBACK))) {
        Path tmp = dir.resolve(".swap");
        Files.move(deployment(Slot.BOOTED), tmp);
        Files.move(deployment(Slot.ROLLBACK), deployment(Slot.BOOTED));
        Files.move(tmp, deployment(Slot.ROLLBACK));
      }
      Files.deleteIfExists(queued);
      // /run starts empty; the directory itself stays (an ostree deployment's top is immutable).
      Path run = root.resolve("run");
      if (Files.isDirectory(run)) {
        try (Stream<Path> children = Files.list(run)) {
          for (Path child : children.toList()) {
            deleteTree(child);
          }
        }
      }
      Files.createDirectories(run);
      Files.writeString(
          root.resolve("var/lib/fakehost/boot_id"),
          UUID.randomUUID() + "\n",
          StandardCharsets.UTF_8);
      return fallback ? BootEntry.FALLBACK : BootEntry.DEFAULT;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot reboot " + root, e);
    }
  }

  /**
   * GRUB's boot counting (Fedora's 08_fallback_counting, as greenboot arms it): a {@code
   * boot_counter} above 0 counts down; at 0 this boot is the fallback and the counter becomes -1.
   * True for the fallback boot.
   */
  private boolean countBoot() throws IOException {
    Path env = root.resolve(GRUBENV);
    if (!Files.exists(env)) {
      return false;
    }
    List<String> lines = Files.readAllLines(env, StandardCharsets.UTF_8);
    Optional<Integer> counter =
        lines.stream()
            .filter(l -> l.startsWith("boot_counter="))
            .map(l -> Integer.parseInt(l.substring("boot_counter=".length()).strip()))
            .findFirst();
    if (counter.isEmpty() || counter.get() < 0) {
      return false;
    }
    int next = counter.get() == 0 ? -1 : counter.get() - 1;
    List<String> out = new java.util.ArrayList<>();
    lines.stream().filter(l -> !l.startsWith("boot_counter=")).forEach(out::add);
    out.add("boot_counter=" + next);
    Files.write(env, out, StandardCharsets.UTF_8);
    return next == -1;
  }

  /** The boot counter GRUB would read, if armed. */
  public Optional<Integer> bootCounter() {
    return read(root.resolve(GRUBENV))
        .flatMap(
            t ->
                t.lines()
                    .filter(l -> l.startsWith("boot_counter="))
                    .map(l -> Integer.parseInt(l.substring("boot_counter=".length()).strip()))
                    .findFirst());
  }

  /**
   * From now on a boot into an update (the boot counter armed) crashes before the daemon starts, as
   * a bad image's kernel would; whoever drives reboots checks {@link #crashesOnBoot}.
   */
  public void crashBoots() {
    try {
      Files.writeString(root.resolve(CRASH_FAULT), "boots crash\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void stopCrashingBoots() {
    try {
      Files.deleteIfExists(root.resolve(CRASH_FAULT));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** True when this boot crashes: the fault is set and the boot counter guards this boot. */
  public boolean crashesOnBoot() {
    return Files.exists(root.resolve(CRASH_FAULT)) && bootCounter().filter(c -> c >= 0).isPresent();
  }

  /** Renames {@code usr/bin/<tool>} to {@code usr/bin/<tool>2}, as an admin breaking it would. */
  public void breakTool(String tool) {
    move(root.resolve("usr/bin/" + tool), root.resolve("usr/bin/" + tool + "2"));
  }

  /** Undoes {@link #breakTool}. */
  public void fixTool(String tool) {
    move(root.resolve("usr/bin/" + tool + "2"), root.resolve("usr/bin/" + tool));
  }

  /**
   * At the next reboot, finalizing the staged deployment fails with {@code message} (the node boots
   * the old deployment again, and the previous boot's journal says why).
   */
  public void failNextFinalize(String message) {
    try {
      Files.writeString(root.resolve(FINALIZE_FAULT), message + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * From now on a reboot never comes back (firmware, a hung shutdown): whoever drives reboots
   * checks {@link #rebootsHang} and holds the machine down until {@link #unhangReboots}.
   */
  public void hangReboots() {
    try {
      Files.writeString(root.resolve(HANG_FAULT), "reboots hang\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void unhangReboots() {
    try {
      Files.deleteIfExists(root.resolve(HANG_FAULT));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public boolean rebootsHang() {
    return Files.exists(root.resolve(HANG_FAULT));
  }

  /**
   * From now on the image's own health check fails with {@code message}, as a bad image's would: a
   * boot into an update rolls back, until {@link #fixHealth}.
   */
  public void failHealth(String message) {
    try {
      Files.writeString(root.resolve(HEALTH_FAULT), message + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void fixHealth() {
    try {
      Files.deleteIfExists(root.resolve(HEALTH_FAULT));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** From now on a boot into {@code image} fails the image's health check, on this host. */
  public void failHealthOf(String image) {
    try {
      Path faults = root.resolve(UNHEALTHY_IMAGES);
      Files.createDirectories(faults.getParent());
      Files.writeString(faults, image + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Undoes {@link #failHealthOf}. */
  public void fixHealthOf(String image) {
    try {
      Path faults = root.resolve(UNHEALTHY_IMAGES);
      if (Files.exists(faults)) {
        Files.write(
            faults,
            Files.readAllLines(faults, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.strip().equals(image))
                .toList(),
            StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public boolean isUnhealthy() {
    return Files.exists(root.resolve(HEALTH_FAULT));
  }

  /** Pulling {@code image} works again. */
  public void markPullable(String image) {
    try {
      Path faults = root.resolve("var/lib/fakehost/faults/unpullable");
      if (Files.exists(faults)) {
        List<String> kept =
            Files.readAllLines(faults, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.strip().equals(image))
                .toList();
        Files.write(faults, kept, StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** True when {@code usr/bin/<tool>} was renamed away by {@link #breakTool}. */
  public boolean isBroken(String tool) {
    return !Files.exists(root.resolve("usr/bin/" + tool))
        && Files.exists(root.resolve("usr/bin/" + tool + "2"));
  }

  /**
   * From now on an image pull takes {@code sizeMiB / mibPerSecond} seconds (the stand-ins sleep);
   * {@code sizeMiB} 0: instant, as before. An image pulled once stays in the host's store.
   */
  public void pullCost(int sizeMiB, int mibPerSecond) {
    if (sizeMiB < 0 || mibPerSecond <= 0) {
      throw new IllegalArgumentException(
          "an image's size must be 0 MiB or more and a pull's speed 1 MiB/s or more, not "
              + sizeMiB
              + " MiB at "
              + mibPerSecond
              + " MiB/s");
    }
    try {
      Path registry = root.resolve(REGISTRY);
      Files.createDirectories(registry.getParent());
      Files.writeString(registry, sizeMiB + " " + mibPerSecond + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether {@code image} was pulled into the host's store (by a staging or a download). */
  public boolean pulled(String image) {
    return Files.exists(root.resolve(IMAGES).resolve(image.replaceAll("[/:@]", "_")));
  }

  /** Whether the container runtime's store has {@code image} (the stand-in crictl pulled it). */
  public boolean criPulled(String image) {
    return Files.exists(root.resolve(CRI_IMAGES).resolve(image.replaceAll("[/:@]", "_")));
  }

  /** From now on, pulling {@code image} fails. */
  public void markUnpullable(String image) {
    try {
      Path faults = root.resolve("var/lib/fakehost/faults/unpullable");
      Files.createDirectories(faults.getParent());
      Files.writeString(faults, image + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final String REGISTRY = "var/lib/fakehost/registry";
  private static final String IMAGES = "var/lib/fakehost/images";
  private static final String CRI_IMAGES = "var/lib/fakehost/cri-images";

  private Path deployment(Slot slot) {
    return root.resolve("var/lib/fakehost/ostree/deployments/" + slot.dir());
  }

  private static Optional<String> read(Path file) {
    try {
      return Files.exists(file)
          ? Optional.of(Files.readString(file, StandardCharsets.UTF_8).strip())
          : Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void move(Path from, Path to) {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot move " + from + " to " + to, e);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  static String checksum(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
