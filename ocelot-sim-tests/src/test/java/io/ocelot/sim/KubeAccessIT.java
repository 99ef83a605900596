package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.ocelot.api.model.MachineConfigNode;
import io.ocelot.apiserver.ControlPlaneBinary;
import io.ocelot.apiserver.KubeControlPlane;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/ on the real control plane: the manifests apply server-side, the CRDs' schemas refuse bad
 * objects with the field named, and the daemon's and the controller's identities can do what they
 * need and nothing more (RBAC and the daemon's ValidatingAdmissionPolicy, checked by the real
 * server).
 */
class KubeAccessIT {
  static final String SA = "system:serviceaccount:openshift-machine-config-operator:";
  @TempDir static Path dir;
  static SimCluster sim;
  static Kubectl kubectl;

  @BeforeAll
  static void start() throws Exception {
    sim = SmallSims.startKube(dir);
    kubectl = new Kubectl(sim.state().kubeconfig());
  }

  @AfterAll
  static void stop() {
    sim.close();
  }

  /**
   * An admin's first install on a fresh cluster (a control plane of its own, not the sim's, which
   * has installed them already) from the kustomize base, {@code kubectl apply -k deploy/}:
   * server-side, then again (nothing to change), then client-side.
   */
  @Test
  void theDeployManifestsApplyServerSideOnAFreshCluster() throws Exception {
    Path binary = ControlPlaneBinary.locate(System.getenv()).binary();
    try (KubeControlPlane fresh = KubeControlPlane.start(binary, dir.resolve("fresh"), 0)) {
      Kubectl admin = new Kubectl(dir.resolve("fresh").resolve("kubeconfig"));
      String deploy = Path.of("..", "deploy").toString();
      String out = admin.ok("apply", "--server-side", "-k", deploy);
      assertThat(out)
          .contains("namespace/openshift-machine-config-operator serverside-applied")
          .contains(
              "customresourcedefinition.apiextensions.k8s.io/"
                  + "machineconfigs.machineconfiguration.openshift.io serverside-applied")
          .contains(
              "validatingadmissionpolicy.admissionregistration.k8s.io/"
                  + "ocelot-daemon-own-node-annotations serverside-applied")
          .contains("daemonset.apps/ocelot-daemon serverside-applied")
          .contains("deployment.apps/ocelot-controller serverside-applied")
          .contains("networkpolicy.networking.k8s.io/ocelot-controller serverside-applied");
      admin.ok("apply", "--server-side", "-k", deploy);
      assertThat(admin.ok("apply", "-k", deploy)).contains("configured").doesNotContain("Error");
      assertThat(admin.ok("get", "crd"))
          .contains("machineosbuilds.machineconfiguration.openshift.io");
    }
    // A clean stop logs nothing at error level: etcd's serving goroutines used to report their
    // listeners' closing as four errors.
    assertThat(java.nio.file.Files.readAllLines(dir.resolve("fresh").resolve("control-plane.log")))
        .isNotEmpty()
        .noneMatch(l -> l.contains("\"level\":\"error\""));
  }

  @Test
  void theServerRefusesInvalidObjectsNamingTheField() throws Exception {
    String mc =
        kubectl.fails(
            "create",
            "-f",
            write(
                    "mc.yaml",
                    """
                    apiVersion: machineconfiguration.openshift.io/v1
                    kind: MachineConfig
                    metadata: {name: 99-bad-kernel}
                    spec: {kernelType: turbo}
                    """)
                .toString());
    assertThat(mc).contains("spec.kernelType").contains("should match");
    String pool =
        kubectl.fails(
            "create",
            "-f",
            write(
                    "mcp.yaml",
                    """
                    apiVersion: machineconfiguration.openshift.io/v1
                    kind: MachineConfigPool
                    metadata: {name: bad}
                    spec: {maxUnavailable: ten}
                    """)
                .toString());
    assertThat(pool)
        .contains("spec.maxUnavailable")
        .contains("must be a non-negative integer or a percentage such as 10%");
    String mosc =
        kubectl.fails(
            "create",
            "-f",
            write(
                    "mosc.yaml",
                    """
                    apiVersion: machineconfiguration.openshift.io/v1
                    kind: MachineOSConfig
                    metadata: {name: worker}
                    spec:
                      machineConfigPool: {name: worker}
                      imageBuilder: {imageBuilderType: Job}
                      renderedImagePushSecret: {name: push}
                    """)
                .toString());
    assertThat(mosc).contains("spec.renderedImagePushSpec: Required value");
    assertThat(kubectl.run("get", "mc", "99-bad-kernel").code()).isNotZero();
  }

  /**
   * An admin applies deploy/ over the sim's own install, as over an operator's: the sim applies
   * with a field manager of its own name, the admin's kubectl with its own, and the same values
   * conflict with nothing (the CRDs' printer columns once said "priority: 0", which the server
   * drops: kubectl's spec.versions differed from the live one and conflicted with the sim's).
   */
  @Test
  void theDeployManifestsApplyServerSideOverTheSimsInstall() throws Exception {
    String deploy = Path.of("..", "deploy").toString();
    String out = kubectl.ok("apply", "--server-side", "-k", deploy);
    assertThat(out).doesNotContain("conflict").contains("daemonset.apps/ocelot-daemon");
    assertThat(
            kubectl.ok(
                "get",
                "clusterrole",
                "ocelot-daemon",
                "--show-managed-fields",
                "-o",
                "jsonpath={.metadata.managedFields[*].manager}"))
        .contains("ocelot");
  }

  /**
   * Issue 41 item 8, in part: the DaemonSet reads as on a cluster (it read 0/0 and `kubectl rollout
   * status` hung): the DaemonSet's counts, its rollout complete, one Running, Ready pod per node.
   */
  @Test
  void theDaemonSetAndItsPodsReadAsOnACluster() throws Exception {
    int nodes = sim.nodes().size();
    String ns = "openshift-machine-config-operator";
    assertThat(
            kubectl.ok(
                "get",
                "ds",
                "ocelot-daemon",
                "-n",
                ns,
                "-o",
                "jsonpath={.status.desiredNumberScheduled} {.status.numberReady}"
                    + " {.status.numberAvailable}"))
        .isEqualTo(nodes + " " + nodes + " " + nodes);
    assertThat(kubectl.ok("rollout", "status", "ds/ocelot-daemon", "-n", ns, "--timeout=20s"))
        .contains("successfully rolled out");
    // The sim's kubelet reports each pod bound to its nodes Running, as it comes.
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                assertThat(
                        kubectl
                            .ok("get", "pods", "-n", ns, "--no-headers")
                            .lines()
                            .filter(l -> l.startsWith("ocelot-daemon-"))
                            .toList())
                    .hasSize(nodes)
                    .allMatch(l -> l.contains(" 1/1 ") && l.contains("Running")));
  }

  /**
   * Issue 41 item 8: {@code kubectl logs} of a daemon pod reads what that node's daemon logged,
   * through the API server and the simulated kubelet's API, as on a cluster; the options an admin
   * types work ({@code --tail}, {@code --timestamps}, {@code -f}).
   */
  @Test
  void kubectlLogsOfADaemonPodReadsItsNodesDaemon() throws Exception {
    String ns = "openshift-machine-config-operator";
    String log = kubectl.ok("logs", "-n", ns, "ocelot-daemon-worker-0");
    assertThat(log)
        .containsPattern(
            "\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO DriftMonitor - config drift monitor started")
        // Not worker-1's lines (as a word: a rendered config's hash may begin with a 1).
        .doesNotContainPattern("\\bworker-1\\b");
    assertThat(kubectl.ok("logs", "-n", ns, "ocelot-daemon-worker-1", "--tail=1").lines())
        .hasSize(1);
    assertThat(kubectl.ok("logs", "-n", ns, "ocelot-daemon-worker-1", "--timestamps"))
        .containsPattern("(?m)^\\d{4}-\\d\\d-\\d\\dT\\S+Z \\d\\d:");
    // -f follows: a line the daemon logs later arrives on the open stream.
    Process follow = kubectl.start("logs", "-n", ns, "ocelot-daemon-worker-0", "-f");
    try {
      java.io.BufferedReader out = follow.inputReader();
      // The history first (the daemon logged at its start): kubectl is following from here on.
      assertThat(
              java.util.concurrent.CompletableFuture.supplyAsync(
                      () -> {
                        try {
                          return out.readLine();
                        } catch (java.io.IOException e) {
                          throw new java.io.UncheckedIOException(e);
                        }
                      })
                  .get(20, java.util.concurrent.TimeUnit.SECONDS))
          .isNotNull();
      org.slf4j.MDC.put("node", "worker-0");
      org.slf4j.LoggerFactory.getLogger("io.ocelot.daemon.Daemon").info("followed by kubectl");
      org.slf4j.MDC.remove("node");
      java.util.concurrent.CompletableFuture<String> line =
          java.util.concurrent.CompletableFuture.supplyAsync(
              () -> {
                try {
                  for (String l; (l = out.readLine()) != null; ) {
                    if (l.contains("followed by kubectl")) {
                      return l;
                    }
                  }
                  return "(the stream ended)";
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
      assertThat(line.get(20, java.util.concurrent.TimeUnit.SECONDS))
          .endsWith("INFO Daemon - followed by kubectl");
    } finally {
      follow.destroy();
    }
  }

  @Test
  void aDaemonMayChangeOnlyItsOwnNodesMachineConfigAnnotations() throws Exception {
    KubernetesClient daemon = sim.access().daemon("worker-0");
    try {
      String token = daemon.getConfiguration().getOauthToken();
      assertThat(token).isNotBlank();
      // The real server knows which node the token's pod is on.
      Kubectl asDaemon = new Kubectl(tokenKubeconfig(token));
      assertThat(asDaemon.ok("auth", "whoami", "-o", "yaml"))
          .contains("username: " + SA + "ocelot-daemon")
          .contains("authentication.kubernetes.io/node-name")
          .contains("- worker-0");

      patchAnnotation(daemon, "worker-0", "ocelot.io/probe", "\"own\"");
      assertThat(annotations("worker-0")).containsEntry("ocelot.io/probe", "own");

      assertDenied(
          () -> patchAnnotation(daemon, "worker-1", "ocelot.io/probe", "\"other\""),
          "a machine-config daemon may only change its own Node");
      assertDenied(
          () -> patch(daemon, "worker-0", "{\"spec\":{\"unschedulable\":true}}"),
          "a machine-config daemon may not change a Node's spec");
      assertDenied(
          () -> patch(daemon, "worker-0", "{\"metadata\":{\"labels\":{\"x\":\"y\"}}}"),
          "a machine-config daemon may not change a Node's labels");
      assertDenied(
          () -> patchAnnotation(daemon, "worker-0", "example.com/other", "\"x\""),
          "may only change machineconfiguration.openshift.io/ and ocelot.io/ annotations");
      assertThat(annotations("worker-1")).doesNotContainKey("ocelot.io/probe");

      // Its own MachineConfigNode's status, and no other's; never a spec.
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> mcn(daemon, "worker-1") != null && mcn(daemon, "worker-0") != null);
      patchMcnStatus(daemon, "worker-0");
      assertThatThrownBy(() -> patchMcnStatus(daemon, "worker-1"))
          .isInstanceOf(KubernetesClientException.class)
          .hasMessageContaining("ocelot-daemon-own-machineconfignode")
          .hasMessageContaining(
              "a machine-config daemon may only change its own MachineConfigNode");
      assertThatThrownBy(
              () ->
                  daemon
                      .resources(MachineConfigNode.class)
                      .withName("worker-0")
                      .patch(
                          PatchContext.of(PatchType.JSON_MERGE),
                          "{\"spec\":{\"pool\":{\"name\":\"infra\"}}}"))
          .isInstanceOf(KubernetesClientException.class)
          .hasMessageContaining(
              "may change only the status and ocelot.io/ annotations of its MachineConfigNode");
      daemon
          .resources(MachineConfigNode.class)
          .withName("worker-0")
          .patch(
              PatchContext.of(PatchType.JSON_MERGE),
              "{\"metadata\":{\"annotations\":{\"ocelot.io/probe\":\"own\"}}}");
      assertThatThrownBy(
              () -> daemon.resources(MachineConfigNode.class).withName("worker-0").delete())
          .isInstanceOf(KubernetesClientException.class)
          .hasMessageContaining("forbidden");

      // RBAC: no deletes, no pods, no writes to MachineConfigs.
      assertThatThrownBy(() -> daemon.nodes().withName("worker-1").delete())
          .isInstanceOf(KubernetesClientException.class)
          .hasMessageContaining("forbidden");
      assertThatThrownBy(() -> daemon.pods().inAnyNamespace().list())
          .isInstanceOf(KubernetesClientException.class)
          .hasMessageContaining("forbidden");
    } finally {
      sim.access().logout(daemon);
    }
  }

  @Test
  void simulatedNodesLookLikeRealOnesAndRenewTheirLeases() throws Exception {
    var nodes = sim.client().nodes().list().getItems();
    assertThat(nodes).hasSize(4);
    java.util.Set<String> ips = new java.util.HashSet<>();
    for (Node n : nodes) {
      var info = n.getStatus().getNodeInfo();
      assertThat(
              List.of(
                  info.getMachineID(),
                  info.getSystemUUID(),
                  info.getBootID(),
                  info.getKernelVersion(),
                  info.getContainerRuntimeVersion(),
                  info.getKubeletVersion()))
          .allSatisfy(v -> assertThat(v).isNotBlank());
      assertThat(n.getStatus().getCapacity()).containsKeys("cpu", "memory", "pods");
      assertThat(n.getStatus().getConditions())
          .extracting(c -> c.getType())
          .contains("Ready", "MemoryPressure", "DiskPressure", "PIDPressure");
      ips.add(n.getStatus().getAddresses().get(0).getAddress());
    }
    assertThat(ips).hasSize(4);
    String before = renewTime("worker-0");
    org.awaitility.Awaitility.await()
        .atMost(Duration.ofSeconds(25))
        .until(() -> !renewTime("worker-0").equals(before));
  }

  static String renewTime(String node) {
    var lease = sim.client().leases().inNamespace("kube-node-lease").withName(node).get();
    assertThat(lease.getSpec().getHolderIdentity()).isEqualTo(node);
    return lease.getSpec().getRenewTime().toString();
  }

  /** The controller's RBAC, as {@code kubectl auth can-i} reports it (the table in docs). */
  @Test
  void theControllerCanDoWhatItNeedsAndNothingMore() throws Exception {
    Map<String, String> table = new LinkedHashMap<>();
    for (List<String> q : CONTROLLER_CAN_I) {
      List<String> args =
          new java.util.ArrayList<>(List.of("auth", "can-i", "--as=" + SA + "ocelot-controller"));
      args.addAll(q.subList(0, q.size() - 1));
      Kubectl.Result r = kubectl.run(args.toArray(String[]::new));
      // The answer is the last line; kubectl warns before it that a cluster-scoped kind has no
      // namespace.
      String[] lines = r.out().trim().split("\n");
      table.put(String.join(" ", q.subList(0, q.size() - 1)), lines[lines.length - 1]);
    }
    Map<String, String> expected = new LinkedHashMap<>();
    for (List<String> q : CONTROLLER_CAN_I) {
      expected.put(String.join(" ", q.subList(0, q.size() - 1)), q.get(q.size() - 1));
    }
    assertThat(table).isEqualTo(expected);
  }

  static final List<List<String>> CONTROLLER_CAN_I =
      List.of(
          List.of("update", "nodes", "yes"),
          List.of("list", "pods", "--all-namespaces", "yes"),
          List.of("create", "pods", "--subresource=eviction", "-n", "apps", "yes"),
          List.of("list", "poddisruptionbudgets", "-n", "apps", "yes"),
          // A budget's change lets a blocked drain go on at once.
          List.of("watch", "poddisruptionbudgets", "-n", "apps", "yes"),
          List.of("create", "machineconfigs.machineconfiguration.openshift.io", "yes"),
          List.of("patch", "machineconfigpools.machineconfiguration.openshift.io", "yes"),
          List.of(
              "update",
              "machineconfigpools.machineconfiguration.openshift.io",
              "--subresource=status",
              "yes"),
          List.of("create", "machineosbuilds.machineconfiguration.openshift.io", "yes"),
          List.of(
              "patch",
              "machineconfigurations.operator.openshift.io",
              "--subresource=status",
              "yes"),
          // Events go through events.k8s.io/v1, and only there.
          List.of("create", "events.events.k8s.io", "-n", "default", "yes"),
          List.of("patch", "events.events.k8s.io", "-n", "default", "yes"),
          List.of("create", "events", "-n", "default", "no"),
          List.of("update", "leases", "-n", "openshift-machine-config-operator", "yes"),
          // fabric8's leader elector renews its Lease with a patch.
          List.of("patch", "leases", "-n", "openshift-machine-config-operator", "yes"),
          // The nodes' reboot leases, given back once a node is done; only there.
          List.of("delete", "leases", "-n", "openshift-machine-config-operator", "yes"),
          List.of("watch", "leases", "-n", "openshift-machine-config-operator", "yes"),
          List.of("delete", "leases", "-n", "kube-node-lease", "no"),
          // Build Jobs run in a namespace of their own (Pod Security baseline), never in the
          // privileged daemon's; the MachineOSConfigs' secrets are read where MCO keeps them and
          // copied there.
          List.of("create", "jobs", "-n", "ocelot-builds", "yes"),
          List.of("create", "jobs", "-n", "openshift-machine-config-operator", "no"),
          // The build reconciler follows its Jobs with an informer.
          List.of("watch", "jobs", "-n", "ocelot-builds", "yes"),
          List.of("create", "secrets", "-n", "ocelot-builds", "yes"),
          List.of("create", "pods", "-n", "ocelot-builds", "no"),
          List.of("get", "secrets", "-n", "openshift-machine-config-operator", "yes"),
          List.of("list", "secrets", "-n", "openshift-machine-config-operator", "no"),
          List.of("delete", "nodes", "no"),
          List.of("patch", "nodes", "no"),
          // Allowed by RBAC for the generated configs; an admission policy holds it to those
          // (generatedConfigsOnly).
          List.of("delete", "machineconfigs.machineconfiguration.openshift.io", "yes"),
          List.of("patch", "machineconfigurations.operator.openshift.io", "no"),
          List.of("delete", "pods", "-n", "apps", "no"),
          List.of("create", "pods", "-n", "apps", "no"),
          List.of("create", "events.events.k8s.io", "-n", "kube-system", "no"),
          List.of("create", "clusterrolebindings", "no"));

  /**
   * RBAC lets the controller update and delete MachineConfigs (it keeps the generated ones); the
   * admission policy holds that to the generated names: an admin's config is refused with a 403.
   */
  @Test
  void theControllerMayUpdateAndDeleteOnlyTheMachineConfigsItGenerates() throws Exception {
    for (String name : List.of("50-probe", "99-probe-generated-kubelet-7")) {
      Path file = dir.resolve(name + ".yaml");
      Files.writeString(
          file,
          """
          apiVersion: machineconfiguration.openshift.io/v1
          kind: MachineConfig
          metadata: {name: %s}
          spec: {config: {ignition: {version: 3.5.0}}}
          """
              .formatted(name));
      kubectl.ok("apply", "-f", file.toString());
    }
    String as = "--as=" + SA + "ocelot-controller";
    assertThat(kubectl.fails("delete", "mc", "50-probe", as))
        .contains("Forbidden")
        .contains(
            "the machine-config controller may only update or delete the MachineConfigs it"
                + " generates");
    // An update (the controller's verb: it may not patch) as kubectl replace sends it.
    for (String name : List.of("50-probe", "99-probe-generated-kubelet-7")) {
      Path edited = dir.resolve(name + "-edited.yaml");
      Files.writeString(
          edited,
          kubectl
              .ok("get", "mc", name, "-o", "yaml")
              .replace(
                  "  name: " + name + "\n", "  labels: {probe: \"1\"}\n  name: " + name + "\n"));
      if (name.startsWith("50")) {
        assertThat(kubectl.fails("replace", "-f", edited.toString(), as))
            .contains("may only update or delete the MachineConfigs it generates");
      } else {
        kubectl.ok("replace", "-f", edited.toString(), as);
      }
    }
    kubectl.ok("delete", "mc", "99-probe-generated-kubelet-7", as);
    kubectl.ok("delete", "mc", "50-probe");
  }

  static void assertDenied(Runnable write, String message) {
    assertThatThrownBy(write::run)
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("ocelot-daemon-own-node-annotations")
        .hasMessageContaining(message)
        // 403 Forbidden says what happened (the policy's reason); 422 read as a malformed write.
        .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(403));
  }

  static MachineConfigNode mcn(KubernetesClient c, String node) {
    return c.resources(MachineConfigNode.class).withName(node).get();
  }

  /** A status write as the daemon makes one (observedGeneration 1: the generation it is at). */
  static void patchMcnStatus(KubernetesClient c, String node) {
    c.resources(MachineConfigNode.class)
        .withName(node)
        .subresource("status")
        .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"status\":{\"observedGeneration\":1}}");
  }

  static void patchAnnotation(KubernetesClient c, String node, String key, String jsonValue) {
    patch(c, node, "{\"metadata\":{\"annotations\":{\"" + key + "\":" + jsonValue + "}}}");
  }

  static void patch(KubernetesClient c, String node, String mergePatch) {
    c.nodes().withName(node).patch(PatchContext.of(PatchType.JSON_MERGE), mergePatch);
  }

  static Map<String, String> annotations(String node) {
    Node n = sim.client().nodes().withName(node).get();
    return n.getMetadata().getAnnotations();
  }

  /** A kubeconfig with only the server, its CA and {@code token}: no admin certificate. */
  static Path tokenKubeconfig(String token) throws Exception {
    var c = sim.client().getConfiguration();
    return write(
        "token.kubeconfig",
        "apiVersion: v1\nkind: Config\nclusters:\n- name: sim\n  cluster:\n    server: "
            + c.getMasterUrl()
            + "\n    certificate-authority-data: "
            + c.getCaCertData()
            + "\nusers:\n- name: token\n  user:\n    token: "
            + token
            + "\ncontexts:\n- name: token\n  context: {cluster: sim, user: token}\n"
            + "current-context: token\n");
  }

  static Path write(String name, String text) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }
}
