package io.ocelot.daemon.host;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfigRules;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link OsImages} through {@code rpm-ostree}. */
public final class RpmOstreeImages implements OsImages {
  /** rpm-ostree's transport for container images without signature verification (as MCO). */
  public static final String TRANSPORT = "ostree-unverified-registry:";

  private final CommandRunner runner;

  public RpmOstreeImages(CommandRunner runner) {
    this.runner = runner;
  }

  @Override
  public String tool() {
    return "rpm-ostree";
  }

  @Override
  public HostStatus status() throws HostException {
    CommandResult r =
        HostException.check(
            runner, Command.of("rpm-ostree", "status", "--json"), "rpm-ostree status");
    return parseStatus(r.stdout());
  }

  /**
   * Parses {@code rpm-ostree status --json}. Deployments are listed in boot order: any before the
   * booted one is pending (staged), the first after it is the rollback.
   */
  public static HostStatus parseStatus(String json) throws HostException {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(json);
    } catch (IOException e) {
      throw new HostException("cannot parse rpm-ostree status: " + e.getMessage(), e);
    }
    Optional<Deployment> staged = Optional.empty();
    Optional<Deployment> booted = Optional.empty();
    Optional<Deployment> rollback = Optional.empty();
    boolean pendingNotStaged = false;
    for (JsonNode d : root.path("deployments")) {
      Deployment dep = new Deployment(d.path("id").asText(), image(d), d.path("checksum").asText());
      if (d.path("booted").asBoolean(false)) {
        booted = Optional.of(dep);
      } else if (booted.isEmpty()) {
        staged = Optional.of(dep); // staged, or pending in older rpm-ostree: boots next either way
        pendingNotStaged = !d.path("staged").asBoolean(false);
      } else if (rollback.isEmpty()) {
        rollback = Optional.of(dep);
      }
    }
    if (booted.isEmpty()) {
      throw new HostException(
          "rpm-ostree status --json lists no booted deployment (got "
              + OsImagesProbe.preview(json)
              + "); the engine cannot tell what the host runs, so it changes nothing");
    }
    if (pendingNotStaged && rollback.isEmpty()) {
      // After "rpm-ostree rollback" the old deployment is listed first and nothing after the
      // booted one: the rollback deployment boots next.
      return new HostStatus(Optional.empty(), booted, staged, true);
    }
    return new HostStatus(staged, booted, rollback, false);
  }

  /** The image of a deployment: its container reference without the transport prefix. */
  private static String image(JsonNode d) {
    String ref = d.path("container-image-reference").asText("");
    if (ref.isEmpty()) {
      return d.path("origin").asText("");
    }
    int colon = ref.startsWith("ostree-") ? ref.indexOf(':') : -1;
    String withoutTransport = colon >= 0 ? ref.substring(colon + 1) : ref;
    return withoutTransport.startsWith("docker://")
        ? withoutTransport.substring("docker://".length())
        : withoutTransport;
  }

  @Override
  public void stage(String image) throws HostException {
    HostException.check(
        runner,
        Command.of("rpm-ostree", "rebase", "--experimental", TRANSPORT + image),
        "failed to update OS to " + image);
  }

  @Override
  public void download(String image) throws HostException {
    HostException.check(
        runner,
        Command.of("rpm-ostree", "rebase", "--download-only", "--experimental", TRANSPORT + image),
        "failed to download " + image);
  }

  @Override
  public void discardStaged() throws HostException {
    HostException.check(
        runner, Command.of("rpm-ostree", "cleanup", "-p"), "failed to remove pending deployment");
  }

  @Override
  public void queueRollback() throws HostException {
    BootOrder.queueRollback(this, runner);
  }

  @Override
  public void cleanupRollback() throws HostException {
    HostException.check(
        runner, Command.of("rpm-ostree", "cleanup", "-r"), "failed to remove rollback");
  }

  @Override
  public List<String> kernelArguments() throws HostException {
    CommandResult r =
        HostException.check(runner, Command.of("rpm-ostree", "kargs"), "rpm-ostree kargs");
    // Split as the kernel and the planner split them (quotes group spaces): split on every space,
    // foo="bar baz" read back as two arguments and the update never validated after its boot.
    return MachineConfigRules.splitKernelArguments(List.of(r.stdout().strip()));
  }

  @Override
  public void changeKernelArguments(List<String> delete, List<String> append) throws HostException {
    List<String> args = new ArrayList<>(List.of("kargs"));
    delete.forEach(k -> args.add("--delete-if-present=" + k));
    append.forEach(k -> args.add("--append=" + k));
    HostException.check(
        runner, Command.of("rpm-ostree", args), "failed to update kernel arguments");
  }

  /** MCO's kernel switch: replace the default kernel packages by the wanted type's, or reset. */
  @Override
  public void switchKernel(String from, String to) throws HostException {
    List<String> args = new ArrayList<>(List.of("override"));
    if (to.equals("default")) {
      args.add("reset");
      args.addAll(DEFAULT_KERNEL);
      KERNEL_PACKAGES.getOrDefault(from, List.of()).forEach(p -> args.add("--uninstall=" + p));
    } else {
      args.add("remove");
      args.addAll(DEFAULT_KERNEL);
      KERNEL_PACKAGES.getOrDefault(to, List.of()).forEach(p -> args.add("--install=" + p));
    }
    HostException.check(runner, Command.of("rpm-ostree", args), "failed to switch kernel to " + to);
  }

  private static final List<String> DEFAULT_KERNEL =
      List.of(
          "kernel", "kernel-core", "kernel-modules", "kernel-modules-core", "kernel-modules-extra");
  private static final java.util.Map<String, List<String>> KERNEL_PACKAGES =
      java.util.Map.of(
          "realtime",
          List.of(
              "kernel-rt-core", "kernel-rt-modules", "kernel-rt-modules-extra", "kernel-rt-kvm"),
          "64k-pages",
          List.of(
              "kernel-64k-core",
              "kernel-64k-modules",
              "kernel-64k-modules-core",
              "kernel-64k-modules-extra"));

  @Override
  public void changePackages(List<String> remove, List<String> install) throws HostException {
    List<String> args = new ArrayList<>(List.of("update"));
    remove.forEach(p -> args.add("--uninstall=" + p));
    install.forEach(p -> args.add("--install=" + p));
    HostException.check(runner, Command.of("rpm-ostree", args), "failed to change packages");
  }
}
