package io.ocelot.cli;

import io.ocelot.api.disruption.Disruption;
import io.ocelot.api.disruption.PostAction;
import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.ignition.FileEntry;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.api.text.Printable;
import io.ocelot.daemon.plan.Commit;
import io.ocelot.daemon.plan.PlanResult;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdatePlan;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/** Prints a plan for a person: reconcilability, disruption and why, steps with their diffs. */
final class PlanPrinter {
  private static final String INDENT = "        ";

  private final PrintWriter out;

  PlanPrinter(PrintWriter out) {
    this.out = out;
  }

  void print(PlanResult result, String from, String to) {
    println("From: " + from);
    println("To:   " + to);
    if (result instanceof PlanResult.Unreconcilable u) {
      println("Reconcilable: no — nothing would be changed on the host");
      u.reasons().forEach(r -> println("  - " + r));
      println("Node reason: " + u.message());
      return;
    }
    UpdatePlan plan = ((PlanResult.Ready) result).plan();
    println("Kind: " + plan.kind().description());
    println("Reconcilable: yes");
    if (plan.isNoop()) {
      println("Nothing to do: the node is already on this config and image.");
      return;
    }
    println(
        "Disruption: "
            + plan.disruption().describe()
            + " (by "
            + plan.disruption().rules().description()
            + ")");
    for (Disruption.Reason r : plan.disruption().reasons()) {
      println("  - " + r);
    }
    println("Steps:");
    int n = 1;
    for (Step step : plan.steps()) {
      println(String.format("  %2d. %s", n++, step.summary()));
      details(step);
    }
    if (plan.steps().isEmpty()) {
      println("  (none: only the commit marker changes)");
    }
    int next = n;
    plan.commit().ifPresent(c -> commit(c, next));
    if (!plan.notes().isEmpty()) {
      println("Notes:");
      plan.notes().forEach(note -> println("  - " + note));
    }
  }

  private void commit(Commit c, int n) {
    println("Commit:");
    println(
        String.format(
            "  %2d. write commit marker (MachineConfig %s%s)",
            n, c.configName(), c.image().map(i -> " / image " + i).orElse("")));
    String action =
        c.action() == PostAction.REBOOT
            ? "request reboot: \"" + c.rationale() + "\""
            : "no reboot needed: finish the update in place";
    println(String.format("  %2d. %s", n + 1, action));
  }

  private void details(Step step) {
    if (step instanceof Step.WriteFile w) {
      file(w.file(), w.previous());
    } else if (step instanceof Step.WriteUnit u) {
      unit(u.unit(), u.previous());
    } else if (step instanceof Step.WriteSshKeys k) {
      k.previous().stream()
          .filter(key -> !k.keys().contains(key))
          .forEach(key -> line("- " + shortKey(key)));
      k.keys().stream()
          .filter(key -> !k.previous().contains(key))
          .forEach(key -> line("+ " + shortKey(key)));
    }
  }

  private void file(FileEntry now, Optional<FileEntry> before) {
    before
        .filter(b -> b.mode() != now.mode())
        .ifPresent(b -> line("mode " + b.modeOctal() + " -> " + now.modeOctal()));
    before
        .filter(b -> !b.user().equals(now.user()) || !b.group().equals(now.group()))
        .ifPresent(
            b ->
                line(
                    "owner "
                        + b.user().describe()
                        + ":"
                        + b.group().describe()
                        + " -> "
                        + now.user().describe()
                        + ":"
                        + now.group().describe()));
    contentDiff(before.map(FileEntry::contents).orElse(Bytes.EMPTY), now.contents());
  }

  private void unit(UnitEntry now, Optional<UnitEntry> before) {
    Optional<Boolean> wasEnabled = before.flatMap(UnitEntry::enabled);
    if (!wasEnabled.equals(now.enabled())) {
      line("enabled: " + preset(wasEnabled) + " -> " + preset(now.enabled()));
    }
    if (before.map(UnitEntry::mask).orElse(false) != now.mask()) {
      line("mask: " + !now.mask() + " -> " + now.mask());
    }
    contentDiff(
        Bytes.utf8(before.flatMap(UnitEntry::contents).orElse("")),
        Bytes.utf8(now.contents().orElse("")));
    List<UnitEntry.Dropin> oldDropins = before.map(UnitEntry::dropins).orElse(List.of());
    for (UnitEntry.Dropin d : now.dropins()) {
      Optional<UnitEntry.Dropin> old =
          oldDropins.stream().filter(x -> x.name().equals(d.name())).findFirst();
      if (!old.equals(Optional.of(d))) {
        line("dropin " + d.name() + ":");
        contentDiff(
            Bytes.utf8(old.flatMap(UnitEntry.Dropin::contents).orElse("")),
            Bytes.utf8(d.contents().orElse("")));
      }
    }
    oldDropins.stream()
        .filter(d -> now.dropins().stream().noneMatch(x -> x.name().equals(d.name())))
        .forEach(d -> line("dropin " + d.name() + ": removed"));
  }

  private static String preset(Optional<Boolean> enabled) {
    return enabled.map(String::valueOf).orElse("preset");
  }

  private void contentDiff(Bytes before, Bytes after) {
    if (before.equals(after)) {
      return;
    }
    if (!before.isText() || !after.isText()) {
      line("binary contents: " + before.size() + " bytes -> " + after.size() + " bytes");
      return;
    }
    List<String> diff = UnifiedDiff.lines(before.asUtf8(), after.asUtf8());
    diff.forEach(this::line);
  }

  private void line(String text) {
    println(INDENT + text);
  }

  /** Every line goes out escaped: a crafted path or file line cannot fake a line of the plan. */
  private void println(String text) {
    out.println(Printable.escape(text));
  }

  /** An SSH key shortened for display: type, the end of the key, and the comment. */
  static String shortKey(String key) {
    String[] parts = key.split("\\s+", 3);
    if (parts.length < 2) {
      return key;
    }
    String body =
        parts[1].length() > 12 ? "..." + parts[1].substring(parts[1].length() - 12) : parts[1];
    return parts[0] + " " + body + (parts.length == 3 ? " " + parts[2] : "");
  }
}
