package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolSpec;
import io.ocelot.apiserver.SharedControlPlane;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code ocelot controller} against the real control plane through a kubeconfig, as kubectl. */
class ControllerCommandIT {
  @RegisterExtension
  static final SharedControlPlane plane =
      new SharedControlPlane().wiping(List.of(MachineConfigPool.class), Lease.class);

  final KubernetesClient client = plane.client;
  @TempDir Path dir;

  Path kubeconfig() throws Exception {
    Path f = dir.resolve("kubeconfig");
    Files.writeString(f, plane.cluster.kubeconfig());
    return f;
  }

  void workerPool() throws Exception {
    try (InputStream in = Files.newInputStream(Path.of("..", "examples", "00-worker.yaml"))) {
      client
          .resources(MachineConfig.class)
          .resource(Serialization.unmarshal(in, MachineConfig.class))
          .create();
    }
    MachineConfigPool p = new MachineConfigPool();
    p.getMetadata().setName("worker");
    MachineConfigPoolSpec spec = new MachineConfigPoolSpec();
    spec.setMachineConfigSelector(
        new LabelSelectorBuilder()
            .addToMatchLabels("machineconfiguration.openshift.io/role", "worker")
            .build());
    spec.setNodeSelector(
        new LabelSelectorBuilder().addToMatchLabels("node-role.kubernetes.io/worker", "").build());
    spec.setMaxUnavailable(new IntOrString(1));
    p.setSpec(spec);
    client.resources(MachineConfigPool.class).resource(p).create();
  }

  @Test
  void rendersThePoolLeadsThroughTheLeaseAndServesMetricsUntilStopped() throws Exception {
    workerPool();
    String workerUid =
        client.resources(MachineConfigPool.class).withName("worker").get().getMetadata().getUid();
    String config = kubeconfig().toString();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int[] code = {-1};
    Thread controller =
        new Thread(
            () ->
                code[0] =
                    Main.run(
                        new String[] {
                          "controller",
                          "--kubeconfig",
                          config,
                          "--metrics-address",
                          "127.0.0.1:0",
                          "--namespace",
                          "default",
                          "--builder",
                          "simulated",
                          "--identity",
                          "test-replica"
                        },
                        new PrintWriter(out, true),
                        new PrintWriter(err, true)));
    controller.start();
    try {
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () -> {
                MachineConfigPool p =
                    client.resources(MachineConfigPool.class).withName("worker").get();
                return p.getSpec().getConfiguration() != null && p.getStatus() != null;
              });
      Matcher port = Pattern.compile("metrics on 127\\.0\\.0\\.1:(\\d+)").matcher(out.toString());
      assertThat(port.find()).as(out.toString()).isTrue();
      String metrics =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + port.group(1) + "/metrics"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString())
              .body();
      assertThat(metrics).contains("mcc_pool_machines{kind=\"total\",pool=\"worker\"} 0.0");
      assertThat(out.toString()).contains("(leader election on)");
      // MCO's default pools: the missing master pool is created, the admin's worker pool untouched.
      assertThat(out.toString()).contains("created the default pools: master\n");
      MachineConfigPool master = client.resources(MachineConfigPool.class).withName("master").get();
      assertThat(master.getSpec().getNodeSelector().getMatchLabels())
          .containsEntry("node-role.kubernetes.io/master", "");
      assertThat(client.resources(MachineConfigPool.class).withName("worker").get().getMetadata())
          .extracting(m -> m.getUid())
          .isEqualTo(workerUid);
      assertThat(
              client
                  .leases()
                  .inNamespace("default")
                  .withName("ocelot-controller")
                  .get()
                  .getSpec()
                  .getHolderIdentity())
          .isEqualTo("test-replica");
    } finally {
      controller.interrupt();
      controller.join(20_000);
    }
    assertThat(controller.isAlive()).isFalse();
    assertThat(code[0]).as(err.toString()).isZero();
  }

  @Test
  void aBadBuilderIsRefusedBeforeAnythingStarts() {
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new String[] {"controller", "--builder", "kaniko"},
            new PrintWriter(new StringWriter()),
            new PrintWriter(err));
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("error: --builder must be job or simulated, got kaniko");
  }
}
