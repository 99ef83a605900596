package io.ocelot.sim;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.apiserver.ControlPlane;
import io.ocelot.apiserver.ControlPlaneException;
import io.ocelot.apiserver.ControlPlaneMode;
import io.ocelot.apiserver.ControlPlanes;
import io.ocelot.controller.pool.DefaultPools;
import io.ocelot.controller.support.AdmissionRetry;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * The real control plane as the sim sets it up — Ocelot's CRDs, deploy/'s identities, RBAC and
 * admission, the seed's base MachineConfigs and pools — but without a controller, daemons or
 * kubelets: for a benchmark that runs its own controller process and cheap stand-ins for nodes.
 */
public final class BareCluster implements AutoCloseable {
  private final ControlPlane api;
  private final KubernetesClient admin;
  private final ClusterAccess access;

  private BareCluster(ControlPlane api) {
    this.api = api;
    this.admin = api.newAdminClient();
    this.access = new ClusterAccess(api, admin);
  }

  /** Starts it in {@code dir} (etcd, PKI, kubeconfig), on free ports. */
  public static BareCluster start(Path dir, Consumer<String> progress) throws SimException {
    ControlPlane api;
    try {
      api = ControlPlanes.start(ControlPlaneMode.KUBE, dir, 0, System.getenv(), progress);
    } catch (ControlPlaneException e) {
      throw new SimException(e.getMessage(), e);
    }
    BareCluster cluster = new BareCluster(api);
    try {
      api.installCrds();
      cluster.access.install();
      for (String role : ClusterSeed.ROLES) {
        for (MachineConfig mc : ClusterSeed.baseConfigs(role)) {
          cluster.admin.resources(MachineConfig.class).resource(mc).create();
        }
        AdmissionRetry.write(
            () ->
                cluster
                    .admin
                    .resources(MachineConfigPool.class)
                    .resource(ClusterSeed.pool(role))
                    .create(),
            DefaultPools.ADMISSION_PATIENCE);
      }
      return cluster;
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  public KubernetesClient admin() {
    return admin;
  }

  /** The image the seed's base configs name. */
  public static String baseImage() {
    return ClusterSeed.baseImage();
  }

  /** A kubeconfig of the controller's ServiceAccount, for a controller in another process. */
  public String controllerKubeconfig() {
    return access.controllerKubeconfig();
  }

  /** Worker {@code index} as a registered kubelet shows it, Done on {@code rendered}. */
  /** The name {@link #worker} gives worker {@code index}. */
  public static String workerName(int index) {
    return ClusterSeed.nodeName("worker", index);
  }

  public static Node worker(int index, String rendered, Instant now) {
    return ClusterSeed.node("worker", index, rendered, "boot-0", now);
  }

  @Override
  public void close() {
    access.close();
    admin.close();
    api.close();
  }
}
