/**
 * Pinned image sets (MCO's PinnedImageSet): which sets a pool pins (those its {@code
 * machineConfigSelector} selects, in name order), what its nodes are asked to pin (the {@code
 * ocelot.io/pinned-image-sets} annotation) and how far they got (the pool's synchronizer status and
 * {@code PinnedImageSetsDegraded}, from the nodes' MachineConfigNodes). Pure; the pool reconciler
 * writes.
 */
package io.ocelot.controller.pinned;
