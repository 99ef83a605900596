package io.ocelot.api.ignition;

/**
 * One thing wrong with a config, named by its field path, e.g. {@code storage.files[3].path:
 * "/etc/../../x" must be absolute and normalized}. Errors make a config invalid; warnings do not.
 * An error Ocelot raises where MCO (and the Ignition it vendors) accept the config is {@code
 * ocelotOnly}: {@code ocelot validate --strict-mco} answers as MCO would and shows it as a warning.
 */
public record Problem(Severity severity, String path, String message, boolean ocelotOnly) {

  /** What MCO's verdict adds to an Ocelot-only error shown as a warning. */
  public static final String OCELOT_ONLY_NOTE = " (Ocelot refuses this; MCO accepts it)";

  /** How bad a problem is. */
  public enum Severity {
    ERROR,
    WARNING
  }

  public static Problem error(String path, String message) {
    return new Problem(Severity.ERROR, path, message, false);
  }

  public static Problem warning(String path, String message) {
    return new Problem(Severity.WARNING, path, message, false);
  }

  /** An error of Ocelot's own, stricter than MCO: a node could not apply or hold the config. */
  public static Problem ocelotError(String path, String message) {
    return new Problem(Severity.ERROR, path, message, true);
  }

  public boolean isError() {
    return severity == Severity.ERROR;
  }

  /** The same problem with its path placed under {@code prefix} (e.g. {@code spec.config}). */
  public Problem under(String prefix) {
    return new Problem(severity, FieldPath.join(prefix, path), message, ocelotOnly);
  }

  /** The problem as MCO would weigh it: an Ocelot-only error becomes a warning that says so. */
  public Problem forMco() {
    return ocelotOnly && isError()
        ? new Problem(Severity.WARNING, path, message + OCELOT_ONLY_NOTE, true)
        : this;
  }

  @Override
  public String toString() {
    return path.isEmpty() ? message : path + ": " + message;
  }
}
