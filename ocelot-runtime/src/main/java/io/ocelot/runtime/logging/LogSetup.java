package io.ocelot.runtime.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import java.util.Map;
import net.logstash.logback.encoder.LogstashEncoder;
import net.logstash.logback.fieldnames.LogstashFieldNames;
import org.slf4j.LoggerFactory;

/**
 * Configures logback, the one logging backend of every Ocelot process, from {@link LogSettings}: at
 * start ({@link OcelotLogConfigurator}) and again once a command line has been read. The text
 * format is the one a person reads ({@code 12:00:01.234 INFO UpdateEngine - message}); the JSON
 * format is logstash's encoder, one object per line with {@code time}, {@code level}, {@code
 * logger}, {@code message}, the thread's context (the daemon's {@code node}, the controller's
 * {@code pool}) and the keys a log call adds ({@code step}, {@code phase}, {@code attempt}, …).
 */
public final class LogSetup {
  /**
   * Loggers kept quieter than the rest. fabric8 warns at every start that Ocelot's RolloutPolicy is
   * served at v1alpha1 (on purpose); JOSDK announces each controller and event source (~25 INFO
   * lines) while the controller says in one line of its own that it runs.
   */
  static final Map<String, Level> QUIET =
      Map.of(
          "io.fabric8.kubernetes.client.dsl.internal.VersionUsageUtils", Level.ERROR,
          "io.javaoperatorsdk", Level.WARN,
          // JOSDK's configuration service logs under its own name, outside its package.
          "Default ConfigurationService implementation", Level.WARN);

  public static final String TEXT_PATTERN = "%d{HH:mm:ss.SSS} %level %logger{0} - %msg%n";

  private LogSetup() {}

  /**
   * Reconfigures this process's logging. Loggers already made keep working and follow the new
   * settings. Does nothing when another SLF4J backend is bound (a library's tests, say).
   */
  public static void apply(LogSettings settings) {
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
      configure(context, settings);
    }
  }

  static void configure(LoggerContext context, LogSettings settings) {
    context.reset();
    Encoder<ILoggingEvent> encoder =
        settings.format() == LogFormat.JSON ? json(context) : text(context);
    Level wanted = Level.toLevel(settings.level().toString());
    OutputStreamAppender<ILoggingEvent> appender = appender(settings);
    appender.setContext(context);
    appender.setName(settings.format().flag());
    appender.setEncoder(encoder);
    ThresholdFilter threshold = new ThresholdFilter();
    threshold.setLevel(wanted.toString());
    threshold.start();
    appender.addFilter(threshold);
    appender.start();
    // The loggers say INFO even when the process prints only warnings: an attached appender (the
    // simulator's per-node logs, which `kubectl logs` reads) still hears what a daemon says.
    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    root.setLevel(wanted.isGreaterOrEqual(Level.INFO) ? Level.INFO : wanted);
    root.addAppender(appender);
    QUIET.forEach((name, level) -> context.getLogger(name).setLevel(level));
  }

  /**
   * Adds an appender to the root logger, hearing INFO and above whatever the process prints. Call
   * it after {@link #apply}: a reconfiguration drops it.
   */
  public static void attach(Appender<ILoggingEvent> appender) {
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
      appender.setContext(context);
      appender.start();
      context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).addAppender(appender);
    }
  }

  /** Removes and stops an appender {@link #attach} added. */
  public static void detach(Appender<ILoggingEvent> appender) {
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
      context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).detachAppender(appender);
      appender.stop();
    }
  }

  private static OutputStreamAppender<ILoggingEvent> appender(LogSettings settings) {
    if (settings.file().isPresent()) {
      FileAppender<ILoggingEvent> file = new FileAppender<>();
      file.setFile(settings.file().get().toString());
      file.setAppend(false);
      return file;
    }
    ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
    console.setTarget("System.err");
    return console;
  }

  private static Encoder<ILoggingEvent> text(LoggerContext context) {
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern(TEXT_PATTERN);
    encoder.start();
    return encoder;
  }

  private static Encoder<ILoggingEvent> json(LoggerContext context) {
    LogstashEncoder encoder = new LogstashEncoder();
    encoder.setContext(context);
    LogstashFieldNames names = new LogstashFieldNames();
    names.setTimestamp("time");
    names.setLevel("level");
    names.setLogger("logger");
    names.setMessage("message");
    names.setStackTrace("stack_trace");
    names.setThread("thread");
    // Logstash's own bookkeeping, of no use to a reader: the schema version and a numeric level.
    names.setVersion(LogstashFieldNames.IGNORE_FIELD_INDICATOR);
    names.setLevelValue(LogstashFieldNames.IGNORE_FIELD_INDICATOR);
    encoder.setFieldNames(names);
    encoder.setTimeZone("UTC");
    encoder.start();
    return encoder;
  }
}
