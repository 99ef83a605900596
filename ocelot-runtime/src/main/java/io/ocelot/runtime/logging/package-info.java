/**
 * How every Ocelot process logs: {@link io.ocelot.runtime.logging.LogFormat} ({@code --log-format
 * text|json}), {@link io.ocelot.runtime.logging.LogSettings} and {@link
 * io.ocelot.runtime.logging.LogSetup}, which configures logback; {@link
 * io.ocelot.runtime.logging.OcelotLogConfigurator} is logback's configuration at start.
 */
package io.ocelot.runtime.logging;
