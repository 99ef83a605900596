package io.ocelot.sim.bench;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.sim.SimCluster;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How deploy/ runs a workload's JVM — its container's {@code JAVA_TOOL_OPTIONS} and plain
 * environment, read from the manifest the sim carries — so that a benchmark measures exactly that
 * and the two cannot drift.
 */
record DeployedJvm(List<String> javaOptions, Map<String, String> environment) {
  static final String DAEMON = "deploy/daemon/03-daemonset.yaml";
  static final String CONTROLLER = "deploy/controller/02-deployment.yaml";

  /** The first container of the DaemonSet or Deployment in {@code manifest} (under deploy/). */
  static DeployedJvm of(String manifest) throws IOException {
    List<EnvVar> env;
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
    return new DeployedJvm(options, Map.copyOf(plain));
  }
}
