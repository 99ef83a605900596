/**
 * What every Ocelot process shares at run time: the {@code /metrics} and {@code /healthz} endpoint,
 * the SIGTERM gate that lets work in flight finish, the process defaults and the daemon-thread
 * factory. Depends on nothing of ours but the metrics library. Start reading at {@link
 * io.ocelot.http.MetricsServer}.
 */
package io.ocelot.http;
