package io.ocelot.api.disruption;

import io.ocelot.api.ignition.FileEntry;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.api.ignition.User;
import io.ocelot.api.model.MachineConfigRules;
import io.ocelot.api.model.MachineConfigSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What differs between the current and the desired side of an update, with MCO's flags (semantics
 * of its {@code machineConfigDiff}) and the details the steps need. Files compare by decoded
 * contents, so two encodings of the same bytes are no change.
 */
public record ConfigDiff(
    boolean osUpdate,
    boolean kargs,
    boolean fips,
    boolean passwd,
    boolean files,
    boolean units,
    boolean kernelType,
    boolean extensions,
    boolean oclEnabled,
    boolean revertFromOCL,
    List<Change<FileEntry>> fileChanges,
    List<Change<UnitEntry>> unitChanges,
    boolean sshKeys,
    boolean passwordHash) {

  public ConfigDiff {
    fileChanges = List.copyOf(fileChanges);
    unitChanges = List.copyOf(unitChanges);
  }

  /** True when nothing differs (the OCL flags alone are no difference). */
  public boolean isEmpty() {
    return !osUpdate
        && !kargs
        && !fips
        && !passwd
        && !files
        && !units
        && !kernelType
        && !extensions;
  }

  public static ConfigDiff between(
      ConfigTarget current,
      IgnitionConfig currentIgn,
      ConfigTarget desired,
      IgnitionConfig desiredIgn,
      boolean forceFile) {
    MachineConfigSpec a = current.config().getSpec();
    MachineConfigSpec b = desired.config().getSpec();
    boolean ocl = current.isLayered() || desired.isLayered();
    boolean osUpdate =
        forceFile
            || (ocl
                ? !current.image().equals(desired.image())
                : !nullToEmpty(b.getOsImageURL()).isEmpty()
                    && !nullToEmpty(a.getOsImageURL()).equals(b.getOsImageURL()));
    List<Change<FileEntry>> fileChanges =
        changes(currentIgn.files(), desiredIgn.files(), FileEntry::path);
    List<Change<UnitEntry>> unitChanges =
        changes(currentIgn.units(), desiredIgn.units(), UnitEntry::name);
    Optional<User> coreBefore = currentIgn.passwd().user(User.CORE);
    Optional<User> coreAfter = desiredIgn.passwd().user(User.CORE);
    return new ConfigDiff(
        osUpdate,
        !kernelArguments(a).equals(kernelArguments(b)),
        a.fipsEnabled() != b.fipsEnabled(),
        !currentIgn.passwd().equals(desiredIgn.passwd()),
        !fileChanges.isEmpty(),
        !unitChanges.isEmpty(),
        !MachineConfigRules.canonicalKernelType(a.getKernelType())
            .equals(MachineConfigRules.canonicalKernelType(b.getKernelType())),
        !a.getExtensions().equals(b.getExtensions()),
        ocl,
        current.isLayered() && !desired.isLayered(),
        fileChanges,
        unitChanges,
        !sshKeys(coreBefore).equals(sshKeys(coreAfter)),
        !coreBefore.flatMap(User::passwordHash).equals(coreAfter.flatMap(User::passwordHash)));
  }

  /** Single kernel arguments of a config, in order (several per entry are split). */
  public static List<String> kernelArguments(MachineConfigSpec spec) {
    return MachineConfigRules.splitKernelArguments(spec.getKernelArguments());
  }

  public static List<String> sshKeys(Optional<User> user) {
    return user.map(User::sshAuthorizedKeys).orElse(List.of());
  }

  private static <T> List<Change<T>> changes(
      List<T> before, List<T> after, Function<T, String> key) {
    Map<String, T> old = index(before, key);
    Map<String, T> now = index(after, key);
    List<Change<T>> out = new ArrayList<>();
    for (Map.Entry<String, T> e : now.entrySet()) {
      T previous = old.get(e.getKey());
      if (!e.getValue().equals(previous)) {
        out.add(new Change<>(e.getKey(), Optional.ofNullable(previous), Optional.of(e.getValue())));
      }
    }
    for (Map.Entry<String, T> e : old.entrySet()) {
      if (!now.containsKey(e.getKey())) {
        out.add(new Change<>(e.getKey(), Optional.of(e.getValue()), Optional.empty()));
      }
    }
    return out;
  }

  private static <T> Map<String, T> index(List<T> items, Function<T, String> key) {
    Map<String, T> out = new LinkedHashMap<>();
    items.forEach(i -> out.put(key.apply(i), i));
    return out;
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }
}
