/**
 * Executable stand-ins for {@code rpm-ostree}, {@code bootc}, {@code systemctl}, {@code
 * systemd-run} and {@code usermod} that keep their state in files under a host root, and a builder
 * that lays out such a root. The simulator's hosts and the daemon's test fixture; depends on
 * nothing of ours. The stand-ins arrive with the transaction engine (issue 3).
 */
package io.ocelot.fakehost;
