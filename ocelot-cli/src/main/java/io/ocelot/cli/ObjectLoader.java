package io.ocelot.cli;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.ocelot.api.ignition.Problem;
import io.ocelot.api.manifest.CheckResult;
import io.ocelot.api.manifest.MachineConfigCheck;
import io.ocelot.api.manifest.MachineConfigurationCheck;
import io.ocelot.api.manifest.MachineOSConfigCheck;
import io.ocelot.api.manifest.Manifests;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.operator.MachineConfiguration;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads files into checked Ocelot objects and reports their problems the same way everywhere. */
final class ObjectLoader {
  private ObjectLoader() {}

  /** A checked object and where it came from, e.g. {@code a.yaml (document 2)}. */
  record Checked(String where, CheckResult<? extends HasMetadata> result) {}

  /** Everything read from a command line's files. */
  record Loaded(List<Checked> objects, List<String> unreadable) {
    boolean hasErrors() {
      return objects.stream().anyMatch(o -> !o.result().isValid());
    }

    /** The valid MachineConfigs, in file order. */
    List<MachineConfig> machineConfigs() {
      return valid(MachineConfig.class);
    }

    /** The valid MachineConfigurations, in file order. */
    List<MachineConfiguration> machineConfigurations() {
      return valid(MachineConfiguration.class);
    }

    private <T> List<T> valid(Class<T> kind) {
      List<T> out = new ArrayList<>();
      for (Checked c : objects) {
        c.result().object().filter(kind::isInstance).map(kind::cast).ifPresent(out::add);
      }
      return out;
    }

    /** The exit code of a load: unreadable input wins over invalid input. */
    int exitCode() {
      if (!unreadable.isEmpty()) {
        return ExitCodes.UNREADABLE;
      }
      return hasErrors() ? ExitCodes.INVALID : ExitCodes.OK;
    }
  }

  static Loaded load(List<Path> paths) {
    return load(paths, false);
  }

  /** With {@code asMco}, MachineConfigs get MCO's verdict ({@code validate --strict-mco}). */
  static Loaded load(List<Path> paths, boolean asMco) {
    InputFiles.Read read = InputFiles.read(paths);
    List<String> unreadable = new ArrayList<>(read.unreadable());
    List<Checked> objects = new ArrayList<>();
    for (InputFiles.Source source : read.sources()) {
      Manifests.ReadResult r = Manifests.read(source.text());
      if (r instanceof Manifests.Unreadable u) {
        unreadable.add(source.label() + ": " + u.reason());
        continue;
      }
      for (Manifests.Manifest m : ((Manifests.Read) r).manifests()) {
        String where =
            m.location().isEmpty() ? source.label() : source.label() + " (" + m.location() + ")";
        objects.add(new Checked(where, check(m, asMco)));
      }
    }
    return new Loaded(objects, unreadable);
  }

  private static CheckResult<? extends HasMetadata> check(Manifests.Manifest m, boolean asMco) {
    return switch (m.kind()) {
      case "MachineConfig" ->
          asMco ? MachineConfigCheck.checkAsMco(m.object()) : MachineConfigCheck.check(m.object());
      case "MachineOSConfig" -> MachineOSConfigCheck.check(m.object());
      case "MachineConfiguration" -> MachineConfigurationCheck.check(m.object());
      default ->
          new CheckResult<>(
              m.kind().isEmpty() ? "object" : m.kind(),
              m.name(),
              List.of(
                  Problem.error(
                      "kind",
                      m.kind().isEmpty()
                          ? "missing"
                          : "\""
                              + m.kind()
                              + "\" is not checked by ocelot; expected"
                              + " MachineConfig, MachineOSConfig or MachineConfiguration")),
              Optional.empty());
    };
  }

  /** Prints unreadable inputs and every problem, one per line. */
  static void report(Loaded loaded, PrintWriter out, PrintWriter err) {
    loaded.unreadable().forEach(u -> err.println("error: " + u));
    for (Checked c : loaded.objects()) {
      String object = c.result().kind() + " \"" + c.result().name() + "\"";
      for (Problem p : c.result().problems()) {
        String severity = p.isError() ? "" : "warning: ";
        out.println(c.where() + ": " + object + ": " + severity + p);
      }
    }
  }
}
