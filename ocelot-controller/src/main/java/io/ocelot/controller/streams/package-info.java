/**
 * OS image streams (MCO's OSImageStream): which OS image a pool renders with — its own stream, the
 * worker pool's for a custom pool, else the default — and the singleton's status, which the
 * controller publishes from its settings. Pure resolution in {@link
 * io.ocelot.controller.streams.OsStreams}; the reconciler only writes the status.
 */
package io.ocelot.controller.streams;
