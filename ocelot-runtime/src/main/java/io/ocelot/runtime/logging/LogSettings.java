package io.ocelot.runtime.logging;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.event.Level;

/**
 * How one process logs: the format, the level of everything that is not kept quiet on purpose
 * ({@link LogSetup#QUIET}), and where to (stderr, or a file that each run replaces).
 */
public record LogSettings(LogFormat format, Level level, Optional<Path> file) {
  public LogSettings {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(file, "file");
  }

  /** Text at INFO on stderr: what a person at a terminal sees. */
  public static LogSettings defaults() {
    return new LogSettings(LogFormat.TEXT, Level.INFO, Optional.empty());
  }

  public LogSettings withFormat(LogFormat f) {
    return new LogSettings(f, level, file);
  }

  public LogSettings withLevel(Level l) {
    return new LogSettings(format, l, file);
  }

  /** Logs go to {@code path} (replaced, not appended to) instead of stderr. */
  public LogSettings toFile(Path path) {
    return new LogSettings(format, level, Optional.of(path));
  }
}
