package io.ocelot.sim.demo;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.imagebuild.BuildConditions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;

/** What the demos do and look at, through the API as an admin with kubectl would. */
public final class Admin {
  static final String LAYERED_LABEL = "node-role.kubernetes.io/layered";
  private final KubernetesClient client;

  Admin(KubernetesClient client) {
    this.client = client;
  }

  void createLayeredPool() {
    client
        .resources(MachineConfigPool.class)
        .resource(load("pool-layered.yaml", MachineConfigPool.class))
        .create();
  }

  /** Opts {@code pool} into layering with the example MachineOSConfig. */
  void optIn(String pool) {
    client.resources(MachineOSConfig.class).resource(layering(pool)).create();
  }

  /** The example MachineOSConfig (every field the CRD requires), for {@code pool}. */
  public static MachineOSConfig layering(String pool) {
    MachineOSConfig m = load("mosc-layered.yaml", MachineOSConfig.class);
    m.getMetadata().setName(pool);
    m.getSpec().getMachineConfigPool().setName(pool);
    m.getSpec().setRenderedImagePushSpec("registry.ocelot.local/ocelot/" + pool + ":latest");
    return m;
  }

  void label(String node, String key, String value) {
    client
        .nodes()
        .withName(node)
        .edit(
            n -> {
              if (value == null) {
                n.getMetadata().getLabels().remove(key);
              } else {
                n.getMetadata().getLabels().put(key, value);
              }
              return n;
            });
  }

  Node node(String name) {
    return client.nodes().withName(name).get();
  }

  Map<String, String> annotations(String node) {
    return node(node).getMetadata().getAnnotations();
  }

  String annotation(String node, String key) {
    return annotations(node).getOrDefault(key, "");
  }

  String state(String node) {
    return annotation(node, NodeAnnotations.STATE);
  }

  MachineConfigPool pool(String name) {
    return client.resources(MachineConfigPool.class).withName(name).get();
  }

  Optional<String> rendered(String pool) {
    return Optional.ofNullable(pool(pool))
        .map(p -> p.getSpec().getConfiguration())
        .map(c -> c.getName());
  }

  Optional<MachineConfigPoolCondition> condition(String pool, String type) {
    MachineConfigPool p = pool(pool);
    if (p == null || p.getStatus() == null) {
      return Optional.empty();
    }
    return p.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst();
  }

  /**
   * Waits (a timeline step titled {@code title}, a minute at most) for {@code pool}'s image to
   * build; its pull spec, or empty when the step failed.
   */
  Optional<String> awaitBuild(Timeline t, String pool, String title) {
    String[] built = new String[1];
    boolean ok =
        t.await(
            title,
            java.time.Duration.ofSeconds(60),
            () ->
                succeededBuild(pool)
                    .map(
                        b ->
                            Timeline.Seen.of(
                                true,
                                "built " + (built[0] = b.getStatus().getDigestedImagePushSpec())))
                    .orElse(Timeline.Seen.of(false, "no succeeded build")));
    return ok ? Optional.of(built[0]) : Optional.empty();
  }

  /** The succeeded build of {@code pool}'s current rendered config, if there is one. */
  Optional<MachineOSBuild> succeededBuild(String pool) {
    Optional<String> rendered = rendered(pool);
    return client.resources(MachineOSBuild.class).list().getItems().stream()
        .filter(
            b ->
                rendered.equals(
                    Optional.ofNullable(b.getSpec().getMachineConfig()).map(r -> r.getName())))
        .filter(b -> BuildConditions.is(b.getStatus(), BuildConditions.SUCCEEDED))
        .findFirst();
  }

  private static <T> T load(String name, Class<T> type) {
    try (InputStream in = Admin.class.getResourceAsStream("/io/ocelot/sim/cluster/" + name)) {
      return Serialization.unmarshal(in, type);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
