package io.ocelot.daemon.sync;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.txn.CommitMarker;
import io.ocelot.daemon.txn.StateStore;
import java.util.Optional;

/**
 * Where the loop reads a MachineConfig: the host's commit marker when it names it (the config the
 * host committed to, even if deleted from the cluster since), else the API server.
 */
final class MachineConfigs {
  private final KubernetesClient client;
  private final StateStore store;

  MachineConfigs(KubernetesClient client, StateStore store) {
    this.client = client;
    this.store = store;
  }

  Optional<MachineConfig> find(String name) throws HostException {
    Optional<CommitMarker> marker = store.marker();
    if (marker.isPresent() && marker.get().target().config().equals(name)) {
      return Optional.of(
          Json.MAPPER.convertValue(marker.get().machineConfig(), MachineConfig.class));
    }
    try {
      return Optional.ofNullable(client.resources(MachineConfig.class).withName(name).get());
    } catch (KubernetesClientException e) {
      throw new HostException("could not read MachineConfig " + name + ": " + e.getMessage(), e);
    }
  }
}
