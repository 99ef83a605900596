package io.ocelot.controller.mcn;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.ocelot.api.kube.ObjectMaps;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.api.model.MachineConfigNodeSpec;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.controller.members.PoolMembership;
import io.ocelot.controller.support.Owners;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one MachineConfigNode per pool member (MCO 4.19+): created with the Node as its owner (so
 * the garbage collector removes it with the node), its spec kept in step with the pool and the
 * config the node is targeted to, and deleted when the node leaves every pool. The status is the
 * node's daemon's; this controller never writes it.
 */
@ControllerConfiguration(name = McnReconciler.NAME, generationAwareEventProcessing = false)
public final class McnReconciler implements Reconciler<Node> {
  public static final String NAME = "machineconfignodes";
  static final String POOLS = "pools";
  static final String MCNS = "mcns";
  private static final Logger LOG = LoggerFactory.getLogger(McnReconciler.class);

  private final KubernetesClient client;

  public McnReconciler(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public List<EventSource<?, Node>> prepareEventSources(EventSourceContext<Node> ctx) {
    return List.of(
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineConfigPool.class, Node.class)
                .withName(POOLS)
                // A pool's selector decides membership of any node.
                .withSecondaryToPrimaryMapper(
                    pool ->
                        ctx.getPrimaryCache()
                            .list()
                            .map(ResourceID::fromResource)
                            .collect(Collectors.toSet()))
                .build(),
            ctx),
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(MachineConfigNode.class, Node.class)
                .withName(MCNS)
                .withSecondaryToPrimaryMapper(
                    mcn -> Set.of(new ResourceID(mcn.getMetadata().getName())))
                .build(),
            ctx));
  }

  @Override
  @SuppressWarnings("unchecked")
  public UpdateControl<Node> reconcile(Node node, Context<Node> ctx) {
    var sources = ctx.eventSourceRetriever();
    var pools =
        (InformerEventSource<MachineConfigPool, Node>)
            sources.getEventSourceFor(MachineConfigPool.class, POOLS);
    var mcns =
        (InformerEventSource<MachineConfigNode, Node>)
            sources.getEventSourceFor(MachineConfigNode.class, MCNS);
    String name = node.getMetadata().getName();
    Optional<MachineConfigNode> existing = mcns.get(new ResourceID(name));
    Optional<String> pool =
        PoolMembership.primary(
            ObjectMaps.present(node.getMetadata().getLabels()), pools.list(p -> true).toList());
    McnSpecs.Action action =
        McnSpecs.decide(
            name,
            ObjectMaps.present(node.getMetadata().getAnnotations()),
            pool,
            existing.map(MachineConfigNode::getSpec));
    if (action instanceof McnSpecs.Create c) {
      create(node, c.spec(), mcns);
    } else if (action instanceof McnSpecs.Update u) {
      // A copy: the informer's cached object must stay what the server sent.
      MachineConfigNode mcn = Serialization.clone(existing.get());
      mcn.setSpec(u.spec());
      MachineConfigNode written = client.resource(mcn).update();
      mcns.handleRecentResourceUpdate(ResourceID.fromResource(written), written, existing.get());
    } else if (action instanceof McnSpecs.Delete) {
      LOG.info("node {} is in no pool: deleting its MachineConfigNode", name);
      client.resources(MachineConfigNode.class).withName(name).delete();
    }
    return UpdateControl.noUpdate();
  }

  private void create(
      Node node, MachineConfigNodeSpec spec, InformerEventSource<MachineConfigNode, Node> mcns) {
    MachineConfigNode mcn = new MachineConfigNode();
    mcn.setMetadata(new ObjectMetaBuilder().withName(node.getMetadata().getName()).build());
    Owners.setController(mcn, node);
    mcn.setSpec(spec);
    try {
      MachineConfigNode created = client.resource(mcn).create();
      mcns.handleRecentResourceCreate(ResourceID.fromResource(created), created);
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
      // Created meanwhile (a previous leader, or our own write not yet in the cache): the
      // informer's event brings it here again.
    }
  }
}
