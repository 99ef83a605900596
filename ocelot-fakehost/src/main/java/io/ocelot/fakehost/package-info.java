/**
 * Executable stand-ins for {@code rpm-ostree}, {@code bootc}, {@code systemctl}, {@code
 * systemd-run} and {@code usermod} that keep their state in files under a host root, and a builder
 * that lays out such a root: the simulator's hosts and the daemon's test fixture. A contract test
 * holds them to the real tools (docs/simulator.md). Depends on nothing of ours. Start reading at
 * {@link io.ocelot.fakehost.FakeHost}.
 */
package io.ocelot.fakehost;
