package io.ocelot.cli;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.api.operator.NodeDisruptionPolicy;
import io.ocelot.api.render.RenderDefaults;
import io.ocelot.api.render.RenderResult;
import io.ocelot.api.render.Renderer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ocelot plan --node NAME}: both sides from the cluster. The current side is the rendered
 * config (and image) the node's annotations say it runs; the desired side is its desired config —
 * or, with {@code --desired FILE...}, what its pool would render with those MachineConfigs added to
 * (or replacing, by name) the ones the pool selects now: what a change would do to this node.
 */
final class NodePlanInputs {
  private NodePlanInputs() {}

  /** Both sides and the cluster's node disruption policy, or the exit code to stop with. */
  record Sides(
      Optional<ConfigTarget> from,
      Optional<ConfigTarget> to,
      Optional<NodeDisruptionPolicy> policy,
      java.util.Set<String> overridden,
      int exitCode) {
    static Sides failed(int code) {
      return new Sides(
          Optional.empty(), Optional.empty(), Optional.empty(), java.util.Set.of(), code);
    }
  }

  static Sides resolve(
      KubeconfigOption cluster,
      String name,
      Optional<List<Path>> desiredFiles,
      Optional<String> desiredImage,
      PrintWriter out,
      PrintWriter err) {
    try (KubernetesClient client = cluster.connect()) {
      Node node = client.nodes().withName(name).get();
      if (node == null) {
        err.println("error: node " + name + " not found");
        return Sides.failed(ExitCodes.UNREADABLE);
      }
      Map<String, String> a = ObjectMaps.present(node.getMetadata().getAnnotations());
      Optional<MachineConfig> current = rendered(client, a.get(NodeAnnotations.CURRENT_CONFIG));
      if (current.isEmpty()) {
        err.println(
            "error: node "
                + name
                + " runs no rendered config this cluster has (currentConfig: "
                + a.getOrDefault(NodeAnnotations.CURRENT_CONFIG, "none")
                + ")");
        return Sides.failed(ExitCodes.UNREADABLE);
      }
      Optional<String> currentImage =
          Optional.ofNullable(a.get(NodeAnnotations.CURRENT_IMAGE)).filter(i -> !i.isEmpty());
      ConfigTarget from = new ConfigTarget(current.get(), currentImage);
      Optional<MachineConfig> desired;
      Optional<String> image;
      if (desiredFiles.isEmpty()) {
        desired = rendered(client, a.get(NodeAnnotations.DESIRED_CONFIG));
        image =
            desiredImage.or(
                () ->
                    Optional.ofNullable(a.get(NodeAnnotations.DESIRED_IMAGE))
                        .filter(i -> !i.isEmpty()));
        if (desired.isEmpty()) {
          err.println("error: node " + name + " has no desired config this cluster has");
          return Sides.failed(ExitCodes.UNREADABLE);
        }
      } else {
        Optional<String> pool = pool(client, name);
        if (pool.isEmpty()) {
          err.println("error: node " + name + " has no MachineConfigNode naming its pool");
          return Sides.failed(ExitCodes.UNREADABLE);
        }
        desired = renderWith(client, pool.get(), desiredFiles.get(), current.get(), out, err);
        if (desired.isEmpty()) {
          return Sides.failed(ExitCodes.INVALID);
        }
        image = desiredImage.or(() -> currentImage); // the layered image stays unless given
      }
      return new Sides(
          Optional.of(from),
          Optional.of(new ConfigTarget(desired.get(), image)),
          ClusterPolicy.of(client),
          ClusterPolicy.overridden(client),
          ExitCodes.OK);
    } catch (KubernetesClientException | IOException e) {
      err.println("error: cannot read node " + name + " from the cluster: " + e.getMessage());
      return Sides.failed(ExitCodes.UNREADABLE);
    }
  }

  private static Optional<MachineConfig> rendered(KubernetesClient client, String name) {
    return name == null || name.isEmpty()
        ? Optional.empty()
        : Optional.ofNullable(client.resources(MachineConfig.class).withName(name).get());
  }

  private static Optional<String> pool(KubernetesClient client, String node) {
    return Optional.ofNullable(client.resources(MachineConfigNode.class).withName(node).get())
        .map(m -> m.getSpec().getPool().getName());
  }

  /**
   * The pool's render with {@code files}' MachineConfigs added to those it selects now (a file's
   * replaces the cluster's of the same name), on the defaults the node's current render carries.
   */
  private static Optional<MachineConfig> renderWith(
      KubernetesClient client,
      String poolName,
      List<Path> files,
      MachineConfig current,
      PrintWriter out,
      PrintWriter err) {
    ObjectLoader.Loaded loaded = ObjectLoader.load(files);
    if (loaded.exitCode() != ExitCodes.OK || loaded.machineConfigs().isEmpty()) {
      ObjectLoader.report(loaded, out, err);
      if (loaded.exitCode() == ExitCodes.OK) {
        err.println("error: --desired: no MachineConfig in " + files);
      }
      return Optional.empty();
    }
    MachineConfigPool pool = client.resources(MachineConfigPool.class).withName(poolName).get();
    Map<String, MachineConfig> configs = new LinkedHashMap<>();
    if (pool != null && pool.getSpec().getMachineConfigSelector() != null) {
      client
          .resources(MachineConfig.class)
          .withLabelSelector(pool.getSpec().getMachineConfigSelector())
          .list()
          .getItems()
          .stream()
          .filter(mc -> !mc.getMetadata().getName().startsWith(RenderedPrune.PREFIX))
          .forEach(mc -> configs.put(mc.getMetadata().getName(), mc));
    }
    loaded.machineConfigs().forEach(mc -> configs.put(mc.getMetadata().getName(), mc));
    RenderDefaults defaults =
        new RenderDefaults(
            Optional.ofNullable(current.getSpec().getOsImageURL()).orElse(""),
            Optional.ofNullable(current.getSpec().getBaseOSExtensionsContainerImage()).orElse(""),
            "");
    RenderResult r = Renderer.render(poolName, List.copyOf(configs.values()), defaults);
    if (r instanceof RenderResult.Failed f) {
      err.println("error: --desired: cannot render pool " + poolName + ": " + f.message());
      return Optional.empty();
    }
    return Optional.of(((RenderResult.Rendered) r).config());
  }
}
