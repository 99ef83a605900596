package io.ocelot.daemon.node;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.daemon.host.HostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's only writer of its Node's annotations, serialized. It reads the node, sends only the
 * keys that change — deletions first as JSON-patch {@code remove} (the embedded API server stores
 * {@code null} from a merge patch instead of deleting), then sets as a JSON merge patch that
 * carries the resourceVersion (so a concurrent change is a 409, retried on a fresh read).
 */
public class NodeWriter {
  private static final Logger LOG = LoggerFactory.getLogger(NodeWriter.class);
  private static final int ATTEMPTS = 8;

  private final KubernetesClient client;
  private final String node;

  public NodeWriter(KubernetesClient client, String node) {
    this.client = client;
    this.node = node;
  }

  /** A set of changes: a value sets the key, an empty optional deletes it. */
  public static Map<String, Optional<String>> changes() {
    return new LinkedHashMap<>();
  }

  /** Applies the changes; returns the node as written. Nothing to change sends nothing. */
  public synchronized Node write(Map<String, Optional<String>> changes) throws HostException {
    HostException last = null;
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      Node current = read();
      Map<String, String> annotations =
          current.getMetadata().getAnnotations() == null
              ? Map.of()
              : current.getMetadata().getAnnotations();
      ObjectNode sets = JsonNodeFactory.instance.objectNode();
      ArrayNode removes = JsonNodeFactory.instance.arrayNode();
      for (Map.Entry<String, Optional<String>> c : changes.entrySet()) {
        if (c.getValue().isPresent()) {
          if (!Objects.equals(annotations.get(c.getKey()), c.getValue().get())) {
            sets.put(c.getKey(), c.getValue().get());
          }
        } else if (annotations.containsKey(c.getKey())) {
          removes
              .addObject()
              .put("op", "remove")
              .put("path", "/metadata/annotations/" + escape(c.getKey()));
        }
      }
      if (sets.isEmpty() && removes.isEmpty()) {
        return current;
      }
      try {
        Node written = current;
        // Deletions first, sets (with the state) last: whoever sees the new state sees it all.
        if (!removes.isEmpty()) {
          written =
              client
                  .nodes()
                  .withName(node)
                  .patch(PatchContext.of(PatchType.JSON), removes.toString());
        }
        if (!sets.isEmpty()) {
          ObjectNode patch = JsonNodeFactory.instance.objectNode();
          ObjectNode meta = patch.putObject("metadata");
          meta.put("resourceVersion", written.getMetadata().getResourceVersion());
          meta.set("annotations", sets);
          written =
              client
                  .nodes()
                  .withName(node)
                  .patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
        }
        return written;
      } catch (KubernetesClientException e) {
        last =
            new HostException(
                "could not update annotations of node " + node + ": " + e.getMessage(), e);
        // 409: stale resourceVersion; 422: a removed key was already gone.
        if (e.getCode() != 409 && e.getCode() != 422) {
          throw last;
        }
        LOG.debug("node {} changed meanwhile (HTTP {}), retrying", node, e.getCode());
      }
    }
    throw last;
  }

  /** The node as the API server has it now. */
  public Node read() throws HostException {
    try {
      Node n = client.nodes().withName(node).get();
      if (n == null) {
        throw new HostException("node " + node + " not found");
      }
      return n;
    } catch (KubernetesClientException e) {
      throw new HostException("could not read node " + node + ": " + e.getMessage(), e);
    }
  }

  /** JSON-pointer escaping of an annotation key ({@code /} in the key becomes {@code ~1}). */
  static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }
}
