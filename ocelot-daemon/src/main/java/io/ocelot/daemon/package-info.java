/**
 * The node agent. {@code plan} is pure (a config diff becomes an ordered plan or a refusal); {@code
 * host} is the seam to the host's tools and files; {@code txn} applies a plan as a journaled
 * transaction and undoes it on failure; {@code sync} is the node's state machine and the one writer
 * of its state; {@code node} is its Kubernetes side (watch, writes, drain handshake, events,
 * metrics). This package wires them ({@link io.ocelot.daemon.Daemon}) and holds the entry point of
 * the daemon's image ({@link io.ocelot.daemon.DaemonMain}). Never depends on the controller or the
 * simulator. Start reading at {@code sync.SyncLoop.sync}; docs/daemon.md and docs/engine.md.
 */
package io.ocelot.daemon;
