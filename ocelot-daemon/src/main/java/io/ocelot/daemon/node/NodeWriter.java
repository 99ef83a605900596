package io.ocelot.daemon.node;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.daemon.host.HostException;
import io.ocelot.runtime.kube.PatchTarget;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's only writer of its Node's annotations, serialized. It compares the changes with the
 * node as last seen ({@link NodeCache}, else a GET) and sends only when something changes: one JSON
 * merge patch per write (issue 16: a deletion and a set used to be two requests and two Node
 * writes), the sets with their values and every requested deletion as a {@code null} — sent even
 * when the view says the key is gone already, since a {@code null} for an absent key changes
 * nothing and a stale view must not leave a key behind. No resourceVersion precondition: the daemon
 * is the only writer of its keys and a merge patch leaves the others alone; with one, every
 * controller write the view had not yet seen would cost a 409 and a GET.
 */
public class NodeWriter {
  private static final Logger LOG = LoggerFactory.getLogger(NodeWriter.class);
  private static final int ATTEMPTS = 8;

  private final KubernetesClient client;
  private final String node;
  private final NodeCache cache;

  public NodeWriter(KubernetesClient client, String node, NodeCache cache) {
    this.client = client;
    this.node = node;
    this.cache = cache;
  }

  /** A set of changes: a value sets the key, an empty optional deletes it. */
  public static Map<String, Optional<String>> changes() {
    return new LinkedHashMap<>();
  }

  /** Applies the changes; returns the node as written. Nothing to change sends nothing. */
  public synchronized Node write(Map<String, Optional<String>> changes) throws HostException {
    HostException last = null;
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      Node current = attempt == 1 ? read() : readFresh();
      Map<String, String> annotations =
          current.getMetadata().getAnnotations() == null
              ? Map.of()
              : current.getMetadata().getAnnotations();
      ObjectNode sets = JsonNodeFactory.instance.objectNode();
      boolean changed = false;
      for (Map.Entry<String, Optional<String>> c : changes.entrySet()) {
        if (c.getValue().isPresent()) {
          sets.put(c.getKey(), c.getValue().get());
          changed |= !Objects.equals(annotations.get(c.getKey()), c.getValue().get());
        } else {
          sets.putNull(c.getKey());
          changed |= annotations.containsKey(c.getKey());
        }
      }
      if (!changed) {
        return current;
      }
      try {
        ObjectNode patch = JsonNodeFactory.instance.objectNode();
        patch.putObject("metadata").set("annotations", sets);
        Node written =
            client
                .nodes()
                .resource(PatchTarget.of(current))
                .patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
        cache.fresh(written);
        return written;
      } catch (KubernetesClientException e) {
        last =
            new HostException(
                "could not update annotations of node " + node + ": " + e.getMessage(), e);
        if (e.getCode() != 409) {
          throw last;
        }
        LOG.debug("node {} changed meanwhile (HTTP {}), retrying", node, e.getCode());
      }
    }
    throw last;
  }

  /** The node as last seen: the informer's view while it runs and is recent, else a GET. */
  public Node read() throws HostException {
    return find().orElseThrow(() -> new HostException("node " + node + " not found"));
  }

  /** Like {@link #read}, but absent when the node does not exist. */
  public Optional<Node> find() throws HostException {
    Optional<Node> cached = cache.get();
    if (cached.isPresent()) {
      return cached;
    }
    Optional<Node> old = cache.expired();
    Optional<Node> server = fetch();
    if (old.isPresent() && server.isPresent() && NodeCache.older(old.get(), server.get())) {
      // Worth a warning: the informer missed a change, which only the age limit caught.
      LOG.warn(
          "node {}: the informer's view was behind the server (resourceVersion {} < {})",
          node,
          old.get().getMetadata().getResourceVersion(),
          server.get().getMetadata().getResourceVersion());
    }
    return server;
  }

  private Node readFresh() throws HostException {
    return fetch().orElseThrow(() -> new HostException("node " + node + " not found"));
  }

  /** The node as the API server has it now (remembered in the cache), absent when deleted. */
  protected Optional<Node> fetch() throws HostException {
    try {
      Optional<Node> n = Optional.ofNullable(client.nodes().withName(node).get());
      n.ifPresent(cache::fresh);
      return n;
    } catch (KubernetesClientException e) {
      throw new HostException("could not read node " + node + ": " + e.getMessage(), e);
    }
  }
}
