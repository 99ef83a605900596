package io.ocelot.daemon.txn;

import io.ocelot.api.ignition.FileEntry;
import io.ocelot.api.ignition.Owner;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.api.text.Printable;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdatePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The engine's own check of every string a plan puts into a host command's arguments or a host path
 * — images, kernels, extensions, paths, owners, unit and dropin names, SSH keys, the password hash,
 * kernel arguments: none may hold a NUL or another control character. Validation refuses such a
 * config with the field path; this second check stands for the plans that did not come through it
 * (a config from a newer controller, a bug), before anything on the host is touched.
 */
final class PlanStrings {
  private PlanStrings() {}

  /** One string and what it is, for the message. */
  private record Named(String what, String value) {}

  /** What the first such string is and where its control character sits, if there is one. */
  static Optional<String> controlCharacter(UpdatePlan plan) {
    for (Step step : plan.steps()) {
      for (Named named : strings(step)) {
        String s = named.value();
        for (int i = 0; i < s.length(); i++) {
          if (Character.isISOControl(s.charAt(i))) {
            return Optional.of(
                "refusing the update before it starts: "
                    + named.what()
                    + " \""
                    + Printable.escape(s)
                    + "\" holds a control character (U+"
                    + String.format("%04X", (int) s.charAt(i))
                    + ") that would reach a host command or path; nothing on the host was"
                    + " changed");
          }
        }
      }
    }
    return Optional.empty();
  }

  /** Each string of {@code step} that reaches the host, as {what, value}. */
  private static List<Named> strings(Step step) {
    List<Named> out = new ArrayList<>();
    if (step instanceof Step.StageImage s) {
      out.add(new Named("the image", s.image()));
    } else if (step instanceof Step.SwitchKernel k) {
      out.add(new Named("the kernel type", k.to()));
    } else if (step instanceof Step.UpdateExtensions e) {
      e.to().forEach(x -> out.add(new Named("the extension", x)));
    } else if (step instanceof Step.WriteFile w) {
      file(w.file(), out);
    } else if (step instanceof Step.RemoveFile r) {
      out.add(new Named("the file path", r.previous().path()));
    } else if (step instanceof Step.WriteUnit u) {
      unit(u.unit(), out);
    } else if (step instanceof Step.RemoveUnit u) {
      out.add(new Named("the unit name", u.previous().name()));
    } else if (step instanceof Step.WriteSshKeys k) {
      k.keys().forEach(x -> out.add(new Named("the SSH key", x)));
    } else if (step instanceof Step.SetPasswordHash p) {
      p.hash().ifPresent(h -> out.add(new Named("the password hash", h)));
    } else if (step instanceof Step.SetKernelArguments a) {
      a.append().forEach(x -> out.add(new Named("the kernel argument", x)));
      a.delete().forEach(x -> out.add(new Named("the kernel argument", x)));
    } else if (step instanceof Step.RunService s) {
      out.add(new Named("the unit name", s.action().unit()));
    } else if (step instanceof Step.WriteRevertArtifacts r) {
      out.add(new Named("the config name", r.configName()));
    }
    return out;
  }

  private static void file(FileEntry f, List<Named> out) {
    out.add(new Named("the file path", f.path()));
    owner("the file's user", f.user(), out);
    owner("the file's group", f.group(), out);
  }

  private static void owner(String what, Owner o, List<Named> out) {
    o.name().ifPresent(n -> out.add(new Named(what, n)));
  }

  private static void unit(UnitEntry u, List<Named> out) {
    out.add(new Named("the unit name", u.name()));
    u.dropins().forEach(d -> out.add(new Named("the dropin name", d.name())));
  }
}
