package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ocelot.api.model.ConfigCondition;
import io.ocelot.api.model.ContainerRuntimeConfig;
import io.ocelot.api.model.KubeletConfig;
import io.ocelot.api.model.MachineConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39 item 1 on the whole sim (real control plane, controller, daemons), driven with kubectl
 * as an admin would: a KubeletConfig becomes {@code 99-worker-generated-kubelet}, which reaches
 * every worker through one rollout (the simulated kubelet reports the new maxPods as the node's pod
 * capacity); a second one and a ContainerRuntimeConfig go out together, the later kubelet config
 * winning; a refused one says why in MCO's words; deleting them brings the nodes back.
 */
class KubeletConfigIT {
  static final List<String> WORKERS = List.of("worker-0", "worker-1");
  static final String WORKER_POOL = "pools.operator.machineconfiguration.openshift.io/worker";

  @TempDir Path dir;
  SimCluster sim;
  Kubectl kubectl;

  @AfterEach
  void stop() {
    if (sim != null) {
      sim.close();
    }
  }

  @Test
  void kubeletAndCrioConfigsRollOutThroughGeneratedMachineConfigs() throws Exception {
    sim = SmallSims.twoWorkers(dir);
    kubectl = new Kubectl(sim.state().kubeconfig());
    String base = SmallSims.rendered(sim, "worker");
    assertThat(kubeletConf("worker-0")).contains("maxPods: 250");

    apply(
        "max-pods.yaml",
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: KubeletConfig
        metadata: {name: max-pods}
        spec:
          machineConfigPoolSelector:
            matchLabels: {%s: ""}
          logLevel: 4
          kubeletConfig: {maxPods: 300}
        """
            .formatted(WORKER_POOL));
    MachineConfig generated = awaitConfig("99-worker-generated-kubelet");
    assertThat(generated.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(
            o -> {
              assertThat(o.getKind()).isEqualTo("KubeletConfig");
              assertThat(o.getName()).isEqualTo("max-pods");
              assertThat(o.getController()).isTrue();
            });
    assertThat(generated.getMetadata().getLabels())
        .containsEntry("machineconfiguration.openshift.io/role", "worker");
    awaitVerdict(KubeletConfig.class, "max-pods", "Accepted", "True", "Success");
    assertThat(annotations(KubeletConfig.class, "max-pods"))
        .containsEntry(KubeletConfig.MC_NAME_SUFFIX, "");
    assertThat(statusTypes(KubeletConfig.class, "max-pods")).containsExactly("Accepted", "Success");

    Map<String, String> boots = boots();
    String first = awaitRolledOut(base);
    for (String n : WORKERS) {
      assertThat(kubeletConf(n)).contains("maxPods: 300").contains("clusterDomain: cluster.local");
      assertThat(file(n, "etc/systemd/system/kubelet.service.d/20-logging.conf"))
          .isEqualTo("[Service]\nEnvironment=\"KUBELET_LOG_LEVEL=4\"\n");
      assertThat(podCapacity(n)).isEqualTo("300");
      assertThat(sim.node(n).host().bootId()).as(n + " rebooted").isNotEqualTo(boots.get(n));
    }

    // A second KubeletConfig sorts later and wins kubelet.conf; a ContainerRuntimeConfig goes
    // out in the same rollout.
    apply(
        "more.yaml",
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: KubeletConfig
        metadata: {name: more-pods}
        spec:
          machineConfigPoolSelector:
            matchLabels: {%s: ""}
          kubeletConfig: {maxPods: 400}
        ---
        apiVersion: machineconfiguration.openshift.io/v1
        kind: ContainerRuntimeConfig
        metadata: {name: pids}
        spec:
          machineConfigPoolSelector:
            matchLabels: {%s: ""}
          containerRuntimeConfig: {pidsLimit: 2048, logLevel: debug}
        """
            .formatted(WORKER_POOL, WORKER_POOL));
    awaitConfig("99-worker-generated-kubelet-1");
    awaitConfig("99-worker-generated-containerruntime");
    awaitVerdict(ContainerRuntimeConfig.class, "pids", "Success", "True", "Success");
    assertThat(annotations(KubeletConfig.class, "more-pods"))
        .containsEntry(KubeletConfig.MC_NAME_SUFFIX, "1");
    String second = awaitRolledOut(first);
    for (String n : WORKERS) {
      assertThat(kubeletConf(n)).contains("maxPods: 400");
      assertThat(podCapacity(n)).isEqualTo("400");
      assertThat(file(n, "etc/crio/crio.conf.d/01-ctrcfg-pidsLimit"))
          .isEqualTo("[crio]\n  [crio.runtime]\n    pids_limit = 2048\n");
      assertThat(file(n, "etc/crio/crio.conf.d/01-ctrcfg-logLevel"))
          .isEqualTo("[crio]\n  [crio.runtime]\n    log_level = \"debug\"\n");
    }

    // A config MCO refuses: status says why, nothing is generated, nothing rolls out.
    apply(
        "bad.yaml",
        """
        apiVersion: machineconfiguration.openshift.io/v1
        kind: KubeletConfig
        metadata: {name: bad-domain}
        spec:
          machineConfigPoolSelector:
            matchLabels: {%s: ""}
          kubeletConfig: {clusterDomain: example.org}
        """
            .formatted(WORKER_POOL));
    awaitVerdict(
        KubeletConfig.class,
        "bad-domain",
        "Accepted",
        "False",
        "Error: KubeletConfiguration: clusterDomain is not allowed to be set, but contains:"
            + " example.org");
    assertThat(statusTypes(KubeletConfig.class, "bad-domain"))
        .containsExactly("Accepted", "Failure");
    assertThat(
            kubectl.fails(
                "patch",
                "kubeletconfig",
                "bad-domain",
                "--type=merge",
                "-p",
                "{\"spec\":{\"logLevel\":11}}"))
        .contains("spec.logLevel")
        .contains("less than or equal to 10");
    assertThat(kubectl.ok("get", "kubeletconfig,ctrcfg"))
        .contains("kubeletconfig.machineconfiguration.openshift.io/max-pods")
        .contains("containerruntimeconfig.machineconfiguration.openshift.io/pids")
        .contains("AGE");
    assertThat(SmallSims.rendered(sim, "worker")).isEqualTo(second);

    // Deleting the sources deletes what they generated (the garbage collector), and the nodes go
    // back to the pool's own kubelet.conf.
    kubectl.ok("delete", "kubeletconfig", "max-pods", "more-pods", "bad-domain");
    kubectl.ok("delete", "ctrcfg", "pids");
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                sim.client().resources(MachineConfig.class).list().getItems().stream()
                    .noneMatch(mc -> mc.getMetadata().getName().contains("-generated-")));
    awaitRolledOut(second);
    assertThat(SmallSims.rendered(sim, "worker")).isEqualTo(base);
    for (String n : WORKERS) {
      assertThat(kubeletConf(n)).contains("maxPods: 250");
      assertThat(podCapacity(n)).isEqualTo("250");
      assertThat(sim.node(n).host().root().resolve("etc/crio/crio.conf.d/01-ctrcfg-pidsLimit"))
          .doesNotExist();
    }
  }

  private void apply(String name, String yaml) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, yaml);
    kubectl.ok("apply", "-f", file.toString());
  }

  private MachineConfig awaitConfig(String name) {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> sim.client().resources(MachineConfig.class).withName(name).get() != null);
    return sim.client().resources(MachineConfig.class).withName(name).get();
  }

  /** Waits for a new rendered config and both workers Done on it; returns its name. */
  private String awaitRolledOut(String from) {
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> !SmallSims.rendered(sim, "worker").equals(from));
    String to = SmallSims.rendered(sim, "worker");
    await()
        .atMost(Duration.ofSeconds(120))
        .until(
            () ->
                SmallSims.doneOn(sim, WORKERS, to)
                    && WORKERS.stream().allMatch(this::podCapacityMatchesFile));
    return to;
  }

  /** The kubelet reports its file's maxPods once the node is up on it. */
  private boolean podCapacityMatchesFile(String node) {
    try {
      return Integer.toString(KubeletConf.maxPods(sim.node(node).host().root()))
          .equals(podCapacity(node));
    } catch (SimException e) {
      throw new IllegalStateException(e);
    }
  }

  private <R extends io.fabric8.kubernetes.client.CustomResource<?, ?>> void awaitVerdict(
      Class<R> kind, String name, String type, String status, String message) {
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              List<ConfigCondition> conditions = conditions(kind, name);
              assertThat(conditions).isNotEmpty();
              ConfigCondition verdict =
                  conditions.stream().filter(c -> type.equals(c.type())).reduce((a, b) -> b).get();
              assertThat(verdict.status()).isEqualTo(status);
              assertThat(verdict.message()).isEqualTo(message);
            });
  }

  private <R extends io.fabric8.kubernetes.client.CustomResource<?, ?>>
      List<ConfigCondition> conditions(Class<R> kind, String name) {
    Object status = sim.client().resources(kind).withName(name).get().getStatus();
    return status == null
        ? List.of()
        : ((io.ocelot.api.model.GeneratedConfigStatus) status).getConditions();
  }

  private <R extends io.fabric8.kubernetes.client.CustomResource<?, ?>> List<String> statusTypes(
      Class<R> kind, String name) {
    return conditions(kind, name).stream().map(ConfigCondition::type).toList();
  }

  private <R extends io.fabric8.kubernetes.client.CustomResource<?, ?>>
      Map<String, String> annotations(Class<R> kind, String name) {
    return sim.client().resources(kind).withName(name).get().getMetadata().getAnnotations();
  }

  private Map<String, String> boots() throws SimException {
    Map<String, String> boots = new HashMap<>();
    for (String n : WORKERS) {
      boots.put(n, sim.node(n).host().bootId());
    }
    return boots;
  }

  private String kubeletConf(String node) throws Exception {
    return file(node, KubeletConf.PATH);
  }

  private String file(String node, String path) throws Exception {
    return Files.readString(sim.node(node).host().root().resolve(path));
  }

  private String podCapacity(String node) {
    var q = sim.client().nodes().withName(node).get().getStatus().getCapacity().get("pods");
    return q == null ? null : q.toString();
  }
}
