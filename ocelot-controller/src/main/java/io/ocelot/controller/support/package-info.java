/**
 * What every reconciler uses to talk to the cluster: events counted up as a series ({@link
 * io.ocelot.controller.support.ObjectEvents}), owner references, informer caches without managed
 * fields, optimistic node writes that re-read on a conflict, and the controller's metrics. Uses no
 * reconciler.
 */
package io.ocelot.controller.support;
