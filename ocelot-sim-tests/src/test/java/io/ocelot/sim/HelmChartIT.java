package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.ocelot.apiserver.ControlPlaneBinary;
import io.ocelot.apiserver.KubeControlPlane;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 41 item 2: the Helm chart (charts/ocelot) and the kustomize base (deploy/) install the same
 * Ocelot. The real helm (tools/build.sh) lints the chart; its defaults render, object by object,
 * what {@code kubectl kustomize deploy/} renders (Helm's own labels aside), so the two cannot
 * drift; its values change what they say; and {@code helm install} on a fresh real control plane
 * gives the ServiceAccounts the RBAC and the admission policy deploy/ gives them.
 */
class HelmChartIT {
  static final Path CHART = Path.of("..", "charts", "ocelot").toAbsolutePath().normalize();
  static final Path DEPLOY = Path.of("..", "deploy").toAbsolutePath().normalize();
  static final List<String> CHART_LABELS =
      List.of(
          "app.kubernetes.io/managed-by",
          "app.kubernetes.io/instance",
          "app.kubernetes.io/version",
          "helm.sh/chart");
  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @TempDir static Path dir;
  static Helm helm;

  @BeforeAll
  static void buildHelm() throws Exception {
    helm = Helm.build();
  }

  @Test
  void theChartLintsClean() throws Exception {
    assertThat(helm.ok(dir, "lint", "--strict", CHART.toString()))
        .contains("1 chart(s) linted, 0 chart(s) failed");
  }

  @Test
  void itsDefaultsRenderWhatTheKustomizeBaseRenders() throws Exception {
    Map<String, JsonNode> chart =
        objects(helm.ok(dir, "template", "ocelot", CHART.toString(), "--include-crds"));
    Map<String, JsonNode> kustomize =
        objects(new Kubectl(dir.resolve("none")).ok("kustomize", DEPLOY.toString()));
    assertThat(chart.keySet()).containsExactlyInAnyOrderElementsOf(kustomize.keySet());
    assertThat(kustomize).hasSize(41);
    for (String key : kustomize.keySet()) {
      assertThat(chart.get(key)).as(key).isEqualTo(kustomize.get(key));
    }
  }

  @Test
  void itsValuesSayWhereWhatAndHow() throws Exception {
    Path values = dir.resolve("values.yaml");
    Files.writeString(
        values,
        """
        namespace: ocelot-system
        image: {registry: registry.example.com/ocelot, tag: 0.2.0, pullPolicy: Always}
        logFormat: json
        daemon:
          metricsAddress: 0.0.0.0:8797
          nodeSelector: {node-role.kubernetes.io/worker: ""}
          tolerations: []
          resources: {requests: {cpu: 50m, memory: 128Mi}, limits: {memory: 256Mi}}
        controller: {replicas: 1, leaderElection: false, builder: simulated, buildNamespace: builds}
        metrics: {serviceMonitor: true, prometheusRule: true}
        """);
    Map<String, JsonNode> o =
        objects(helm.ok(dir, "template", "ocelot", CHART.toString(), "-f", values.toString()));
    JsonNode ds = o.get("DaemonSet/ocelot-system/ocelot-daemon").at("/spec/template/spec");
    JsonNode daemon = ds.at("/containers/0");
    assertThat(daemon.at("/image").asText())
        .isEqualTo("registry.example.com/ocelot/ocelot-daemon:0.2.0");
    assertThat(daemon.at("/imagePullPolicy").asText()).isEqualTo("Always");
    assertThat(env(daemon, "OCELOT_LOG_FORMAT")).isEqualTo("json");
    assertThat(daemon.at("/args/2").asText()).isEqualTo("--metrics-address=0.0.0.0:8797");
    assertThat(daemon.at("/readinessProbe/httpGet/host").asText()).isEqualTo("127.0.0.1");
    assertThat(daemon.at("/resources/limits/memory").asText()).isEqualTo("256Mi");
    assertThat(ds.at("/nodeSelector").toString())
        .isEqualTo("{\"node-role.kubernetes.io/worker\":\"\"}");
    assertThat(ds.has("tolerations")).isFalse();
    JsonNode deployment = o.get("Deployment/ocelot-system/ocelot-controller");
    assertThat(deployment.at("/spec/replicas").asInt()).isEqualTo(1);
    assertThat(deployment.at("/spec/template/spec/containers/0/args").toString())
        .contains("--namespace=ocelot-system", "--builder=simulated", "--no-leader-election")
        .contains("--build-namespace=builds");
    assertThat(o.get("Namespace//builds").at("/metadata/labels").toString())
        .contains("\"pod-security.kubernetes.io/enforce\":\"baseline\"");
    assertThat(o).containsKey("Role/builds/ocelot-controller-builds");
    assertThat(o.get("Namespace//ocelot-system")).isNotNull();
    assertThat(o.get("ClusterRoleBinding//ocelot-daemon").at("/subjects/0/namespace").asText())
        .isEqualTo("ocelot-system");
    assertThat(o.get("ValidatingAdmissionPolicy//ocelot-daemon-own-node-annotations").toString())
        .contains("system:serviceaccount:ocelot-system:ocelot-daemon")
        .doesNotContain("openshift-machine-config-operator");
    assertThat(o)
        .containsKeys(
            "Service/ocelot-system/ocelot-controller-metrics",
            "ServiceMonitor/ocelot-system/ocelot-controller",
            "Service/ocelot-system/ocelot-daemon-metrics",
            "ServiceMonitor/ocelot-system/ocelot-daemon");
    JsonNode rule = o.get("PrometheusRule/ocelot-system/machine-config-daemon");
    assertThat(rule.toString()).contains("MCDRebootError").contains("{{ $labels.node }}");

    // Off by default; the daemon's loopback metrics get no Service nobody could scrape.
    Map<String, JsonNode> defaults =
        objects(
            helm.ok(
                dir,
                "template",
                "ocelot",
                CHART.toString(),
                "--set",
                "metrics.serviceMonitor=true"));
    assertThat(defaults)
        .containsKey("ServiceMonitor/openshift-machine-config-operator/ocelot-controller");
    assertThat(defaults.keySet()).noneMatch(k -> k.contains("ocelot-daemon-metrics"));

    assertThat(
            helm.run(dir, "template", "ocelot", CHART.toString(), "--set", "createNamespace=false")
                .out())
        .doesNotContain("kind: Namespace");
  }

  /**
   * {@code helm install} on a fresh control plane (the sim's installs deploy/ itself): the CRDs
   * from crds/, the identities with deploy/'s rights and no more, the admission policy in force.
   */
  @Test
  void helmInstallsWhatDeployInstalls() throws Exception {
    Path binary = ControlPlaneBinary.locate(System.getenv()).binary();
    try (KubeControlPlane fresh = KubeControlPlane.start(binary, dir.resolve("helm-cp"), 0)) {
      Path kubeconfig = dir.resolve("helm-cp").resolve("kubeconfig");
      Kubectl admin = new Kubectl(kubeconfig);
      String installed =
          helm.ok(
              dir,
              "install",
              "ocelot",
              CHART.toString(),
              "--kubeconfig",
              kubeconfig.toString(),
              "--wait=false");
      assertThat(installed)
          .contains("STATUS: deployed")
          .contains("rollout status ds/ocelot-daemon");
      assertThat(admin.ok("get", "crd"))
          .contains("machineconfignodes.machineconfiguration.openshift.io");
      assertThat(admin.ok("get", "ns", "openshift-machine-config-operator", "--show-labels"))
          .contains("pod-security.kubernetes.io/enforce=privileged");
      assertThat(admin.ok("-n", "openshift-machine-config-operator", "get", "ds,deploy,sa"))
          .contains("daemonset.apps/ocelot-daemon", "deployment.apps/ocelot-controller")
          .contains("serviceaccount/ocelot-daemon");
      // RBAC as deploy/ grants it.
      assertThat(canI(admin, "ocelot-daemon", "patch", "nodes")).isEqualTo("yes");
      assertThat(canI(admin, "ocelot-daemon", "create", "events.events.k8s.io", "-n", "default"))
          .isEqualTo("yes");
      assertThat(canI(admin, "ocelot-daemon", "delete", "nodes")).isEqualTo("no");
      assertThat(canI(admin, "ocelot-daemon", "create", "machineconfigs")).isEqualTo("no");
      assertThat(canI(admin, "ocelot-controller", "patch", "machineconfigpools/status"))
          .isEqualTo("yes");
      assertThat(canI(admin, "ocelot-controller", "create", "pods", "-n", "default"))
          .isEqualTo("no");
      assertThat(canI(admin, "ocelot-controller", "create", "jobs", "-n", "ocelot-builds"))
          .isEqualTo("yes");
      assertThat(
              canI(
                  admin,
                  "ocelot-controller",
                  "create",
                  "jobs",
                  "-n",
                  "openshift-machine-config-operator"))
          .isEqualTo("no");
      // The admission policy: the daemon's identity without a node's claim may change no Node
      // (a policy takes a moment to be in force after its creation).
      Path node = dir.resolve("node.yaml");
      Files.writeString(node, "apiVersion: v1\nkind: Node\nmetadata: {name: worker-0}\n");
      admin.ok("create", "-f", node.toString());
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(
              () ->
                  assertThat(
                          admin.fails(
                              "annotate",
                              "node",
                              "worker-0",
                              "machineconfiguration.openshift.io/state=Done",
                              "--as=" + KubeAccessIT.SA + "ocelot-daemon"))
                      .contains("a machine-config daemon may only change its own Node"));
      assertThat(helm.ok(dir, "uninstall", "ocelot", "--kubeconfig", kubeconfig.toString()))
          .contains("release \"ocelot\" uninstalled");
    }
  }

  private static String canI(Kubectl k, String sa, String... what) throws Exception {
    String[] args = new String[what.length + 3];
    args[0] = "auth";
    args[1] = "can-i";
    System.arraycopy(what, 0, args, 2, what.length);
    args[what.length + 2] = "--as=" + KubeAccessIT.SA + sa;
    // The answer is the last line's first word (kubectl warns above it, e.g. of a cluster-scoped
    // resource, and may say why after it: "no - RBAC: ...").
    List<String> lines = k.run(args).out().trim().lines().toList();
    return lines.get(lines.size() - 1).split(" ")[0];
  }

  private static String env(JsonNode container, String name) {
    for (JsonNode e : container.path("env")) {
      if (e.path("name").asText().equals(name)) {
        return e.path("value").asText();
      }
    }
    return null;
  }

  /**
   * Whole numbers as one kind of node, {@code 1.0} as {@code 1}: kustomize writes a CRD's {@code
   * minimum: 1.0} as 1, helm as it is.
   */
  static JsonNode wholeNumbers(JsonNode node) {
    if (node.isNumber() && node.doubleValue() == Math.rint(node.doubleValue())) {
      return YAML.getNodeFactory().numberNode(node.longValue());
    }
    if (node instanceof ObjectNode o) {
      List<String> fields = new ArrayList<>();
      o.fieldNames().forEachRemaining(fields::add);
      fields.forEach(f -> o.set(f, wholeNumbers(o.get(f))));
    } else if (node instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        a.set(i, wholeNumbers(a.get(i)));
      }
    }
    return node;
  }

  /**
   * Every object of a multi-document YAML stream, by kind/namespace/name, Helm's labels removed.
   */
  static Map<String, JsonNode> objects(String yaml) throws IOException {
    Map<String, JsonNode> out = new TreeMap<>();
    try (YAMLParser parser = (YAMLParser) YAML.getFactory().createParser(yaml)) {
      for (JsonNode doc : YAML.readValues(parser, JsonNode.class).readAll()) {
        if (doc == null || doc.isNull() || doc.isEmpty()) {
          continue;
        }
        JsonNode labels = doc.at("/metadata/labels");
        if (labels instanceof ObjectNode l) {
          CHART_LABELS.forEach(l::remove);
          if (l.isEmpty()) {
            ((ObjectNode) doc.get("metadata")).remove("labels");
          }
        }
        doc = wholeNumbers(doc);
        String key =
            doc.path("kind").asText()
                + "/"
                + doc.at("/metadata/namespace").asText()
                + "/"
                + doc.at("/metadata/name").asText();
        assertThat(out.put(key, doc)).as("%s twice", key).isNull();
      }
    }
    return out;
  }
}
