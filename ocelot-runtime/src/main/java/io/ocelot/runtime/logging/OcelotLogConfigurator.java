package io.ocelot.runtime.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Logback's first configuration in every Ocelot process, found through {@code ServiceLoader} when
 * the first logger is made: text, or what {@value LogFormat#ENV} says, at INFO on stderr. A process
 * then applies its {@code --log-format} with {@link LogSetup#apply}. A configurator rather than a
 * {@code logback.xml}: the daemon's image runs from a class-data sharing archive, which cannot have
 * a directory on the class path, and a jar's XML would be one more parser at start.
 */
public final class OcelotLogConfigurator extends ContextAwareBase implements Configurator {
  @Override
  public ExecutionStatus configure(LoggerContext context) {
    LogFormat format;
    try {
      format = LogFormat.fromEnvironment(System.getenv());
    } catch (IllegalArgumentException e) {
      format = LogFormat.TEXT; // the process's own option parsing reports the bad value
    }
    LogSetup.configure(context, LogSettings.defaults().withFormat(format));
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }
}
