package io.ocelot.controller.generated;

import io.fabric8.kubernetes.api.model.Quantity;
import io.ocelot.api.model.ContainerRuntimeConfiguration;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a ContainerRuntimeConfig writes on a pool's nodes, as MCO's container-runtime-config
 * controller: one CRI-O drop-in per field set (so a field not set keeps CRI-O's own default), in
 * TOML as MCO's encoder writes it, and {@code /etc/containers/storage.conf} when the image size is
 * capped. Refusals carry MCO's words.
 */
final class CrioFiles {
  static final String DROPINS = "/etc/crio/crio.conf.d/";
  static final String LOG_LEVEL = DROPINS + "01-ctrcfg-logLevel";
  static final String PIDS_LIMIT = DROPINS + "01-ctrcfg-pidsLimit";
  static final String LOG_SIZE_MAX = DROPINS + "01-ctrcfg-logSizeMax";
  static final String DEFAULT_RUNTIME = DROPINS + "01-ctrcfg-defaultRuntime";
  static final String STORAGE_CONF = "/etc/containers/storage.conf";

  private static final long MIN_LOG_SIZE = 8192;
  private static final long MIN_PIDS_LIMIT = 20;
  private static final Set<String> LOG_LEVELS =
      Set.of("error", "fatal", "panic", "warn", "info", "debug", "trace");

  private CrioFiles() {}

  static Optional<String> refusal(ContainerRuntimeConfiguration c) {
    if (c == null) {
      return Optional.empty();
    }
    if (c.getPidsLimit() != null && c.getPidsLimit() != 0 && c.getPidsLimit() < MIN_PIDS_LIMIT) {
      return Optional.of("invalid PidsLimit " + c.getPidsLimit());
    }
    if (c.getLogSizeMax() != null) {
      long size = bytes(c.getLogSizeMax());
      if (size > 0 && size <= MIN_LOG_SIZE) {
        return Optional.of(
            "invalid LogSizeMax \"" + c.getLogSizeMax() + "\", cannot be less than 8kB");
      }
    }
    if (c.getOverlaySize() != null && bytes(c.getOverlaySize()) < 0) {
      return Optional.of(
          "invalid overlaySize \"" + c.getOverlaySize() + "\", cannot be less than 0");
    }
    if (c.getLogLevel() != null
        && !c.getLogLevel().isEmpty()
        && !LOG_LEVELS.contains(c.getLogLevel())) {
      return Optional.of(
          "invalid LogLevel \""
              + c.getLogLevel()
              + "\", must be one of error, fatal, panic, warn, info, debug, or trace");
    }
    String runtime = c.getDefaultRuntime() == null ? "" : c.getDefaultRuntime();
    if (!Set.of("", "crun", "runc").contains(runtime)) {
      return Optional.of("invalid DefaultRuntime \"" + runtime + "\", must be one of crun, runc");
    }
    return Optional.empty();
  }

  static Generation generate(ContainerRuntimeConfiguration c) {
    List<GeneratedFile> files = new ArrayList<>();
    if (c == null) {
      return new Generation.Files(files);
    }
    if (c.getOverlaySize() != null && bytes(c.getOverlaySize()) != 0) {
      files.add(new GeneratedFile(STORAGE_CONF, storageConf(c.getOverlaySize().toString())));
    }
    if (c.getLogLevel() != null && !c.getLogLevel().isEmpty()) {
      files.add(new GeneratedFile(LOG_LEVEL, runtime("log_level = \"" + c.getLogLevel() + "\"")));
    }
    if (c.getPidsLimit() != null) {
      files.add(new GeneratedFile(PIDS_LIMIT, runtime("pids_limit = " + c.getPidsLimit())));
    }
    if (c.getLogSizeMax() != null && bytes(c.getLogSizeMax()) != 0) {
      files.add(
          new GeneratedFile(LOG_SIZE_MAX, runtime("log_size_max = " + bytes(c.getLogSizeMax()))));
    }
    if (c.getDefaultRuntime() != null && !c.getDefaultRuntime().isEmpty()) {
      files.add(
          new GeneratedFile(
              DEFAULT_RUNTIME, runtime("default_runtime = \"" + c.getDefaultRuntime() + "\"")));
    }
    return new Generation.Files(files); // none set: an empty config, as MCO writes
  }

  /** One key of CRI-O's {@code [crio.runtime]} table, indented as MCO's TOML encoder does. */
  private static String runtime(String keyValue) {
    return "[crio]\n  [crio.runtime]\n    " + keyValue + "\n";
  }

  /**
   * containers-storage's settings with the size quota. MCO decodes its template and encodes it
   * again (comments lost); Ocelot writes the template's keys that matter (driver, roots, the
   * overlay's skip_mount_home) with the size.
   */
  private static String storageConf(String size) {
    return "[storage]\n"
        + "  driver = \"overlay\"\n"
        + "  runroot = \"/run/containers/storage\"\n"
        + "  graphroot = \"/var/lib/containers/storage\"\n"
        + "  [storage.options]\n"
        + "    size = \""
        + size
        + "\"\n"
        + "    [storage.options.overlay]\n"
        + "      skip_mount_home = \"true\"\n";
  }

  private static long bytes(Quantity q) {
    BigDecimal b = Quantity.getAmountInBytes(q);
    return b.longValue();
  }
}
