package io.ocelot.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.api.json.Json;
import io.ocelot.api.node.NodeAnnotations;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ocelot rollout retry NODE}: the annotation that asks the node's daemon to try its desired
 * target again, and what the node holds, said before and after.
 */
final class NodeRetry {
  private NodeRetry() {}

  static int request(
      KubeconfigOption cluster, String name, Clock clock, PrintWriter out, PrintWriter err) {
    try (KubernetesClient client = cluster.connect()) {
      Node node = client.nodes().withName(name).get();
      if (node == null) {
        err.println("error: node " + name + " not found");
        return ExitCodes.UNREADABLE;
      }
      Map<String, String> a =
          Optional.ofNullable(node.getMetadata().getAnnotations()).orElse(Map.of());
      String value = clock.instant().toString();
      // A merge patch: no conflict with the daemon's and the controller's writes.
      ObjectNode patch = JsonNodeFactory.instance.objectNode();
      patch
          .putObject("metadata")
          .putObject("annotations")
          .put(NodeAnnotations.RETRY_REQUESTED, value);
      client.nodes().withName(name).patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
      String desired = a.getOrDefault(NodeAnnotations.DESIRED_CONFIG, "(none)");
      out.println(
          "node "
              + name
              + ": retry of "
              + desired
              + " requested ("
              + NodeAnnotations.RETRY_REQUESTED
              + "="
              + value
              + ")");
      out.println("  " + held(a.get(NodeAnnotations.FAILED_TARGET)));
      out.flush();
      return 0;
    } catch (KubernetesClientException | IOException e) {
      err.println("error: cannot ask node " + name + " for a retry: " + e.getMessage());
      return ExitCodes.UNREADABLE;
    }
  }

  private static String held(String annotation) {
    if (annotation == null) {
      return "it held no failed target: its next sync goes without waiting for any backoff";
    }
    try {
      JsonNode h = Json.MAPPER.readTree(annotation);
      return "it held "
          + h.path("config").asText()
          + (h.hasNonNull("image") ? " / image " + h.path("image").asText() : "")
          + " because "
          + h.path("why").asText()
          + "; it applies it once more (a boot) and holds it again if it fails the same way";
    } catch (Exception e) {
      return "it held a target (" + NodeAnnotations.FAILED_TARGET + "=" + annotation + ")";
    }
  }
}
