package io.ocelot.daemon.host;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * {@link OsImages} through {@code bootc}. Kernel arguments and packages of a bootc host come from
 * its image, so changing them in place is refused.
 */
public final class BootcImages implements OsImages {
  private final CommandRunner runner;

  public BootcImages(CommandRunner runner) {
    this.runner = runner;
  }

  @Override
  public String tool() {
    return "bootc";
  }

  @Override
  public HostStatus status() throws HostException {
    CommandResult r =
        HostException.check(runner, Command.of("bootc", "status", "--format=json"), "bootc status");
    return parseStatus(r.stdout());
  }

  /** Parses {@code bootc status --format=json} (a BootcHost object). */
  public static HostStatus parseStatus(String json) throws HostException {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(json);
    } catch (IOException e) {
      throw new HostException("cannot parse bootc status: " + e.getMessage(), e);
    }
    JsonNode status = root.path("status");
    if (!status.path("booted").isObject()) {
      throw new HostException(
          "bootc status --format=json shows no booted deployment (got "
              + OsImagesProbe.preview(json)
              + "); the engine cannot tell what the host runs, so it changes nothing");
    }
    return new HostStatus(
        entry(status.path("staged")),
        entry(status.path("booted")),
        entry(status.path("rollback")),
        status.path("rollbackQueued").asBoolean(false));
  }

  private static Optional<Deployment> entry(JsonNode e) {
    if (e.isMissingNode() || e.isNull()) {
      return Optional.empty();
    }
    String image = e.path("image").path("image").path("image").asText("");
    String checksum = e.path("ostree").path("checksum").asText("");
    String serial = e.path("ostree").path("deploySerial").asText("0");
    return Optional.of(new Deployment(checksum + "." + serial, image, checksum));
  }

  @Override
  public void stage(String image) throws HostException {
    HostException.check(
        runner, Command.of("bootc", "switch", image), "failed to update OS to " + image);
  }

  /**
   * bootc downloads ahead only into a staged deployment ({@code switch --download-only} stages a
   * locked one), which the update's transaction would find staged but not its own: not done here.
   */
  @Override
  public void download(String image) throws HostException {
    throw new HostException(
        "bootc cannot download "
            + image
            + " without staging a deployment; the node pulls it in its turn");
  }

  /**
   * {@code bootc rollback} discards the staged deployment but also queues the rollback deployment
   * for the next boot; when it did, a second rollback restores the original order.
   */
  @Override
  public void discardStaged() throws HostException {
    HostStatus before = status();
    if (before.staged().isEmpty()) {
      return;
    }
    HostException.check(
        runner, Command.of("bootc", "rollback"), "failed to discard the staged deployment");
    if (status().rollbackQueued() != before.rollbackQueued()) {
      HostException.check(
          runner, Command.of("bootc", "rollback"), "failed to restore the boot order");
    }
  }

  @Override
  public void queueRollback() throws HostException {
    BootOrder.queueRollback(this, runner);
  }

  @Override
  public void cleanupRollback() {
    // bootc keeps its rollback deployment; there is nothing to clean up.
  }

  @Override
  public List<String> kernelArguments() throws HostException {
    throw new HostException(
        "kernel arguments of a bootc host come from its image (/usr/lib/bootc/kargs.d)");
  }

  @Override
  public void changeKernelArguments(List<String> delete, List<String> append) throws HostException {
    throw new HostException(
        "kernel arguments of a bootc host come from its image (/usr/lib/bootc/kargs.d); build"
            + " them into the image instead");
  }

  @Override
  public void switchKernel(String from, String to) throws HostException {
    throw new HostException(
        "the kernel of a bootc host comes from its image; build it into the image instead");
  }

  @Override
  public void changePackages(List<String> remove, List<String> install) throws HostException {
    throw new HostException(
        "packages of a bootc host come from its image; build them into the image instead");
  }
}
