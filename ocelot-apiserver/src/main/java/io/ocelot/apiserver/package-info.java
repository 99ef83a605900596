/**
 * The control planes the simulator and the tests run on: the real one ({@link
 * io.ocelot.apiserver.KubeControlPlane} starts the Go program of {@code control-plane/}) and the
 * embedded fallback on fabric8's mock server ({@link io.ocelot.apiserver.EmbeddedApiServer}), which
 * gets no new features; plus the fault proxy that makes API calls fail on purpose, the shared
 * client plumbing and the request counters the benchmarks print. Start reading at {@link
 * io.ocelot.apiserver.ControlPlanes}; docs/control-plane.md.
 */
package io.ocelot.apiserver;
