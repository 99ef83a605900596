/**
 * The pool reconciler: one pass renders the pool's MachineConfigs, gates and rolls the target out
 * to its members, computes the status and picks what to write. Its event sources, the rollout gate
 * (stop-the-line, windows, soak, alerts), the status calculator and the pacing of status writes
 * live beside it. Start reading at {@code PoolReconciler.reconcile}; docs/controller.md.
 */
package io.ocelot.controller.pool;
