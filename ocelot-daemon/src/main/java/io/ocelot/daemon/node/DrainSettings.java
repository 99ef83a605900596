package io.ocelot.daemon.node;

import java.time.Duration;

/**
 * How the drain handshake waits for the controller: it looks every {@code poll}, gives a drain
 * {@code drainTimeout} (MCO: 1 hour) and an uncordon {@code uncordonTimeout} (MCO: 10 minutes).
 */
public record DrainSettings(Duration poll, Duration drainTimeout, Duration uncordonTimeout) {}
