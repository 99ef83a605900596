package io.ocelot.controller.render;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.PoolConfiguration;
import io.ocelot.controller.support.ObjectEvents;
import io.ocelot.controller.support.Owners;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Makes a successful render real: creates {@code rendered-<pool>-<hash>} if it does not exist yet
 * (owned by the pool, never garbage-collected here) and points the pool's spec at it. A rendered
 * config is generated: one whose spec was changed by hand is restored from its sources (nodes would
 * otherwise apply the edit, or fail on it, under a name that promises the render).
 */
public final class RenderedConfigs {
  private final KubernetesClient client;
  private final ObjectEvents events;
  private final String controllerVersion;

  public RenderedConfigs(KubernetesClient client, ObjectEvents events, String controllerVersion) {
    this.client = client;
    this.events = events;
    this.controllerVersion = controllerVersion;
  }

  /**
   * Ensures the rendered config exists ({@code cached} looks it up, {@code created} learns of a new
   * one) and sets the pool's {@code spec.configuration}; true when that spec changed.
   */
  public boolean adopt(
      MachineConfigPool pool,
      RenderStep.Rendered r,
      Function<String, Optional<MachineConfig>> cached,
      Consumer<MachineConfig> created) {
    String name = r.config().getMetadata().getName();
    Optional<MachineConfig> existing =
        cached
            .apply(name)
            .or(
                () ->
                    Optional.ofNullable(
                        client.resources(MachineConfig.class).withName(name).get()));
    if (existing.isPresent() && !Objects.equals(existing.get().getSpec(), r.config().getSpec())) {
      client
          .resources(MachineConfig.class)
          .withName(name)
          .edit(
              mc -> {
                mc.setSpec(r.config().getSpec());
                return mc;
              });
      events.warning(
          pool,
          "RenderedConfigRestored",
          name
              + " was changed by hand; its spec is restored from the MachineConfigs it is rendered"
              + " from (change those instead)");
    }
    if (existing.isEmpty()) {
      MachineConfig mc = r.config();
      Owners.setController(mc, pool);
      created.accept(client.resources(MachineConfig.class).resource(mc).create());
      events.normal(
          pool,
          "RenderedConfigGenerated",
          // MCO's message names an OpenShift release version too; Ocelot has none to name, and
          // "release version: ," read as a bug.
          name + " successfully generated (controller version: " + controllerVersion + ")");
      r.sizeWarning().ifPresent(w -> events.warning(pool, "RenderedConfigLarge", w));
    }
    PoolConfiguration wanted = new PoolConfiguration(name, r.sources());
    if (Objects.equals(pool.getSpec().getConfiguration(), wanted)) {
      return false;
    }
    pool.getSpec().setConfiguration(wanted);
    events.normal(
        pool,
        "Updating",
        "Pool " + pool.getMetadata().getName() + " now targeting MachineConfig " + name);
    return true;
  }
}
