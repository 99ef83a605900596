/**
 * The node's state machine, in one room: the phase and its one transition table ({@link
 * io.ocelot.daemon.sync.NodePhase}), the one writer of a state change ({@link
 * io.ocelot.daemon.sync.NodeReporter}), the pure decider ({@link
 * io.ocelot.daemon.sync.SyncDecider}), the retry rules ({@link io.ocelot.daemon.sync.RetryPolicy})
 * and the loop that observes, decides and acts ({@link io.ocelot.daemon.sync.SyncLoop}). Start
 * reading at {@code SyncLoop.sync}.
 *
 * <p>It may use every other package of the daemon; {@code node} (the Kubernetes side) never uses
 * it. See docs/daemon.md.
 */
package io.ocelot.daemon.sync;
