/**
 * What every Ocelot process shares at run time: the {@code /metrics} and {@code /healthz} endpoint,
 * the SIGTERM gate that lets work in flight finish, the process defaults and the factory of
 * background threads ({@link io.ocelot.runtime.BackgroundThreads}: threads that do not keep the JVM
 * alive), and in {@code kube} the one recorder of Kubernetes Events the daemon and the controller
 * share. Depends on nothing of ours but the API model (the architecture test holds it to that).
 * Start reading at {@link io.ocelot.runtime.MetricsServer}.
 */
package io.ocelot.runtime;
