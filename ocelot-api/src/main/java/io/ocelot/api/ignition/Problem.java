package io.ocelot.api.ignition;

/**
 * One thing wrong with a config, named by its field path, e.g. {@code storage.files[3].path:
 * "/etc/../../x" must be absolute and normalized}. Errors make a config invalid; warnings do not.
 */
public record Problem(Severity severity, String path, String message) {

  /** How bad a problem is. */
  public enum Severity {
    ERROR,
    WARNING
  }

  public static Problem error(String path, String message) {
    return new Problem(Severity.ERROR, path, message);
  }

  public static Problem warning(String path, String message) {
    return new Problem(Severity.WARNING, path, message);
  }

  public boolean isError() {
    return severity == Severity.ERROR;
  }

  /** The same problem with its path placed under {@code prefix} (e.g. {@code spec.config}). */
  public Problem under(String prefix) {
    return new Problem(severity, FieldPath.join(prefix, path), message);
  }

  @Override
  public String toString() {
    return path.isEmpty() ? message : path + ": " + message;
  }
}
