package io.ocelot.daemon.sync;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.daemon.node.ClusterDrain;
import io.ocelot.daemon.node.DisruptionPolicySource;
import io.ocelot.daemon.node.DriftMonitor;
import io.ocelot.daemon.node.NodeEvents;
import io.ocelot.daemon.node.NodeWriter;
import io.ocelot.daemon.txn.HostContext;
import io.ocelot.daemon.txn.StateStore;
import java.time.Clock;

/** What the sync loop works with, wired by the daemon. */
public record SyncParts(
    String node,
    RetrySettings retry,
    KubernetesClient client,
    HostContext host,
    StateStore store,
    NodeWriter writer,
    NodeEvents events,
    NodeReporter reporter,
    DaemonMetrics metrics,
    ClusterDrain drain,
    DriftMonitor drift,
    DisruptionPolicySource policies,
    Clock clock) {}
