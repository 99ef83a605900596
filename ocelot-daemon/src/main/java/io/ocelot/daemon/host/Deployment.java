package io.ocelot.daemon.host;

/** One OS deployment: its id, the container image it came from, and its commit checksum. */
public record Deployment(String id, String image, String checksum) {}
