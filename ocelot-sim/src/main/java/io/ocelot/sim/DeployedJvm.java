package io.ocelot.sim;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How deploy/ runs a workload's JVM — its container's arguments, {@code JAVA_TOOL_OPTIONS} and
 * plain environment, read from the manifest the sim carries — so that a benchmark measures, and a
 * machine node runs, exactly that and the two cannot drift.
 */
public record DeployedJvm(
    List<String> args, List<String> javaOptions, Map<String, String> environment) {
  public static final String DAEMON = "deploy/daemon/03-daemonset.yaml";
  public static final String CONTROLLER = "deploy/controller/02-deployment.yaml";

  /** The first container of the DaemonSet or Deployment in {@code manifest} (under deploy/). */
  public static DeployedJvm of(String manifest) throws IOException {
    List<EnvVar> env;
    List<String> args;
    try (var in = SimCluster.class.getResourceAsStream(manifest)) {
      if (in == null) {
        throw new IOException("missing resource io/ocelot/sim/" + manifest);
      }
      KubernetesResource workload = Serialization.unmarshal(in);
      PodTemplateSpec template =
          workload instanceof DaemonSet ds
              ? ds.getSpec().getTemplate()
              : ((Deployment) workload).getSpec().getTemplate();
      env = template.getSpec().getContainers().get(0).getEnv();
      args =
          Objects.requireNonNullElse(
              template.getSpec().getContainers().get(0).getArgs(), List.of());
    }
    List<String> options = List.of();
    Map<String, String> plain = new TreeMap<>();
    for (EnvVar e : env) {
      if (e.getName().equals("JAVA_TOOL_OPTIONS")) {
        options = List.of(e.getValue().strip().split("\\s+"));
      } else if (e.getValue() != null) {
        plain.put(e.getName(), e.getValue()); // not the downward API's (NODE_NAME, POD_NAME)
      }
    }
    return new DeployedJvm(List.copyOf(args), options, Map.copyOf(plain));
  }
}
