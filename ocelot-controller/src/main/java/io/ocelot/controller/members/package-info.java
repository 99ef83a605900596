/**
 * A pool's members as every reconciler sees them, pure: the view of one node ({@link
 * io.ocelot.controller.members.PoolNode}), what it is doing ({@link
 * io.ocelot.controller.members.NodeClassifier}), which pool it belongs to ({@link
 * io.ocelot.controller.members.PoolMembership}) and what the pool wants it to run ({@link
 * io.ocelot.controller.members.PoolTarget}). Uses no reconciler.
 */
package io.ocelot.controller.members;
