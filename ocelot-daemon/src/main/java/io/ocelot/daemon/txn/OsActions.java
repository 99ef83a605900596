package io.ocelot.daemon.txn;

import io.ocelot.api.model.MachineConfigRules;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.HostStatus;
import io.ocelot.daemon.host.OsImages;
import io.ocelot.daemon.plan.KernelArgumentChange;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Steps that change the staged deployment: staging the image, the kernel, extensions, kernel
 * arguments. The first of them in a transaction owns the staged slot: it discards a foreign staged
 * deployment first (as MCO's {@code cleanup -p}) and its undo discards whatever is staged. The
 * later ones change that same deployment, so their undo is covered by the first one's.
 */
final class OsActions {
  /** How the note of a step that discarded a staged deployment it did not create begins. */
  static final String DISCARDED_FOREIGN = "discarded a staged deployment of ";

  private OsActions() {}

  /** Stages the image unless it is already staged or booted: never a rebase onto itself. */
  static Action stage(String image) {
    return osAction(
        Category.IMAGE,
        "stage OS image " + image,
        (status, owned) -> {
          boolean foreign = status.staged().isPresent() && !owned;
          if (status.bootedImage().filter(image::equals).isPresent()) {
            return new Decision(foreign, false, Optional.of("already booted " + image));
          }
          if (status.stagedImage().filter(image::equals).isPresent()) {
            return new Decision(false, false, Optional.of(image + " is already staged"));
          }
          return new Decision(foreign, true, Optional.empty());
        },
        images -> {
          images.stage(image);
          // A tool that exits 0 and stages nothing would send the node into a reboot that boots
          // the old image, and the target would be held as proven bad.
          if (images.status().stagedImage().filter(image::equals).isEmpty()) {
            throw new HostException(
                "failed to update OS to "
                    + image
                    + ": "
                    + images.tool()
                    + " exited 0 but no deployment of it is staged");
          }
        });
  }

  static Action switchKernel(String from, String to) {
    return osAction(
        Category.KERNEL,
        "switch kernel " + from + " -> " + to,
        OsActions::change,
        images -> images.switchKernel(from, to));
  }

  static Action extensions(List<String> from, List<String> to) {
    List<String> remove = packages(from, to);
    List<String> install = packages(to, from);
    return osAction(
        Category.EXTENSIONS,
        "set extensions " + from + " -> " + to,
        OsActions::change,
        images -> images.changePackages(remove, install));
  }

  /**
   * Moves the deployment's kernel arguments from the {@code from} config's to {@code to}'s, planned
   * against what the deployment really carries when the step runs (see {@link
   * KernelArgumentChange}); nothing to change is no rpm-ostree call.
   */
  static Action kernelArguments(List<String> from, List<String> to) {
    return osAction(
        Category.KERNEL_ARGUMENTS,
        "set kernel arguments",
        OsActions::change,
        images -> {
          KernelArgumentChange c = KernelArgumentChange.of(from, to, images.kernelArguments());
          if (c.isEmpty()) {
            return;
          }
          images.changeKernelArguments(c.delete(), c.append());
          KernelArgumentChange left = KernelArgumentChange.of(from, to, images.kernelArguments());
          if (!left.isEmpty()) {
            throw new HostException(
                "failed to update kernel arguments: "
                    + images.tool()
                    + " exited 0 but the deployment's arguments did not follow (still to delete: "
                    + left.delete()
                    + ", to append: "
                    + left.append()
                    + ")");
          }
        });
  }

  /** A change on top of the staged slot: clear a foreign staged deployment first. */
  private static Decision change(HostStatus status, boolean owned) {
    return new Decision(status.staged().isPresent() && !owned, true, Optional.empty());
  }

  /** Packages of the extensions in {@code a} that none in {@code b} brings. */
  private static List<String> packages(List<String> a, List<String> b) {
    List<String> keep = new ArrayList<>();
    b.forEach(e -> keep.addAll(MachineConfigRules.EXTENSIONS.getOrDefault(e, List.of())));
    List<String> out = new ArrayList<>();
    for (String e : a) {
      for (String p : MachineConfigRules.EXTENSIONS.getOrDefault(e, List.of())) {
        if (!keep.contains(p) && !out.contains(p)) {
          out.add(p);
        }
      }
    }
    return out;
  }

  /** What an OS step does, decided from the observed status. */
  private record Decision(boolean discardFirst, boolean change, Optional<String> note) {}

  @FunctionalInterface
  private interface Decide {
    Decision decide(HostStatus status, boolean stagedSlotOwned);
  }

  @FunctionalInterface
  private interface OsChange {
    void run(OsImages images) throws HostException;
  }

  private static Action osAction(
      Category category, String summary, Decide decide, OsChange change) {
    return Action.of(
        category,
        summary,
        (host, stagedSlotOwned) -> {
          OsImages images = host.images();
          HostStatus status = images.status();
          Decision d = decide.decide(status, stagedSlotOwned);
          Optional<String> note =
              d.discardFirst()
                  ? Optional.of(
                      DISCARDED_FOREIGN
                          + status.stagedImage().orElse("?")
                          + " left from before"
                          + d.note().map(n -> "; " + n).orElse(""))
                  : d.note();
          return Action.Prepared.of(
              stagedSlotOwned ? List.of() : List.of(new Restoration.DiscardStaged()),
              note,
              () -> {
                if (d.discardFirst()) {
                  images.discardStaged();
                }
                if (d.change()) {
                  change.run(images);
                }
              });
        });
  }
}
