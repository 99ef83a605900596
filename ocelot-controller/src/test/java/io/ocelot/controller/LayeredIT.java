package io.ocelot.controller;

import static io.ocelot.controller.ControllerHarness.POOL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineOSBuild;
import io.ocelot.api.model.MachineOSConfig;
import io.ocelot.api.node.NodeAnnotations;
import io.ocelot.controller.imagebuild.BuildConditions;
import io.ocelot.controller.imagebuild.BuildImageCleanup;
import io.ocelot.controller.imagebuild.BuildReconciler;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Layered pools: builds gate the rollout; config and image always travel together. */
class LayeredIT {
  @TempDir Path dir;
  ControllerHarness cluster;

  @BeforeEach
  void onTheRealControlPlane() {
    cluster = ControllerHarness.onKube(dir);
  }

  NodePlayer daemons;
  Watch pairs;

  /** Every (desiredConfig, desiredImage) pair any node ever showed. */
  final Set<String> seen = ConcurrentHashMap.newKeySet();

  @AfterEach
  void stop() {
    if (pairs != null) {
      pairs.close();
    }
    cluster.close();
  }

  /** Three nodes on the base config, a recorder of desired pairs, daemons; returns the config. */
  String threeNodes() {
    cluster.example("00-worker.yaml");
    cluster.pool(1);
    cluster.startController();
    String base = cluster.awaitRendered(Optional.empty());
    IntStream.range(0, 3).forEach(i -> cluster.node("worker-" + i, null, base));
    pairs =
        cluster
            .client
            .nodes()
            .watch(
                new Watcher<>() {
                  @Override
                  public void eventReceived(Action action, Node n) {
                    Map<String, String> a = n.getMetadata().getAnnotations();
                    seen.add(
                        a.get(NodeAnnotations.DESIRED_CONFIG)
                            + " / "
                            + a.getOrDefault(NodeAnnotations.DESIRED_IMAGE, "-"));
                  }

                  @Override
                  public void onClose(WatcherException cause) {}
                });
    daemons = cluster.daemons(100);
    return base;
  }

  MachineOSConfig optIn() {
    try (InputStream in =
        Files.newInputStream(ControllerHarness.EXAMPLES.resolve("layered/machineosconfig.yaml"))) {
      MachineOSConfig m = Serialization.unmarshal(in, MachineOSConfig.class);
      m.getSpec().getMachineConfigPool().setName(POOL);
      return cluster.client.resources(MachineOSConfig.class).resource(m).create();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  MachineOSBuild awaitBuild(String rendered, String condition) {
    MachineOSBuild[] b = new MachineOSBuild[1];
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                (b[0] =
                        cluster.client.resources(MachineOSBuild.class).list().getItems().stream()
                            .filter(x -> rendered.equals(x.getSpec().getMachineConfig().getName()))
                            .filter(x -> BuildConditions.is(x.getStatus(), condition))
                            .findFirst()
                            .orElse(null))
                    != null);
    return b[0];
  }

  void awaitAllOn(String config, String image) {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              var s = cluster.pool().getStatus();
              return s != null
                  && s.getConfiguration() != null
                  && config.equals(s.getConfiguration().getName())
                  && s.getUpdatedMachineCount() == 3
                  && IntStream.range(0, 3)
                      .mapToObj(i -> cluster.node("worker-" + i).getMetadata().getAnnotations())
                      .allMatch(
                          a ->
                              Optional.ofNullable(image)
                                  .equals(
                                      Optional.ofNullable(a.get(NodeAnnotations.CURRENT_IMAGE))));
            });
  }

  List<Optional<String>> desiredImages() {
    return IntStream.range(0, 3)
        .mapToObj(
            i ->
                Optional.ofNullable(
                    cluster
                        .node("worker-" + i)
                        .getMetadata()
                        .getAnnotations()
                        .get(NodeAnnotations.DESIRED_IMAGE)))
        .toList();
  }

  @Test
  void optInWaitsForTheBuildThenSetsConfigAndImageTogether() {
    cluster.buildTime = Duration.ofSeconds(2);
    String base = threeNodes();
    optIn();
    var waiting =
        cluster.awaitCondition(
            "Updating",
            c -> c.getMessage().startsWith("Pool is waiting for OS image build to complete"));
    MachineOSBuild building = awaitBuild(base, BuildConditions.BUILDING);
    assertThat(waiting.getMessage()).contains("(mosb: " + building.getMetadata().getName() + ")");
    assertThat(building.getMetadata().getName()).matches("layered-[0-9a-f]{32}");
    assertThat(desiredImages()).allMatch(Optional::isEmpty);

    MachineOSBuild built = awaitBuild(base, BuildConditions.SUCCEEDED);
    String image = built.getStatus().getDigestedImagePushSpec();
    assertThat(image).matches("registry\\.example\\.com/ocelot/layered@sha256:[0-9a-f]{64}");
    // The build's status, the MachineOSConfig's status and its annotation are separate writes.
    MachineOSConfig[] read = new MachineOSConfig[1];
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> {
              read[0] = cluster.client.resources(MachineOSConfig.class).withName("layered").get();
              return read[0].getStatus() != null
                  && image.equals(read[0].getStatus().getCurrentImagePullSpec())
                  && read[0].getMetadata().getAnnotations() != null
                  && read[0]
                      .getMetadata()
                      .getAnnotations()
                      .containsKey(BuildReconciler.CURRENT_BUILD);
            });
    MachineOSConfig mosc = read[0];
    assertThat(mosc.getMetadata().getAnnotations())
        .containsEntry(BuildReconciler.CURRENT_BUILD, built.getMetadata().getName());

    awaitAllOn(base, image);
    assertThat(cluster.awaitCondition("Updated", c -> "True".equals(c.getStatus())).getMessage())
        .isEqualTo("All nodes are updated with MachineConfig " + base + " / Image " + image);
    assertThat(seen).containsExactlyInAnyOrder(base + " / -", base + " / " + image);
  }

  @Test
  void aNewConfigWhileLayeredWaitsForItsOwnBuild() {
    String base = threeNodes();
    optIn();
    String first =
        awaitBuild(base, BuildConditions.SUCCEEDED).getStatus().getDigestedImagePushSpec();
    awaitAllOn(base, first);

    cluster.example("50-chrony.yaml");
    String next = cluster.awaitRendered(Optional.of(base));
    String second =
        awaitBuild(next, BuildConditions.SUCCEEDED).getStatus().getDigestedImagePushSpec();
    awaitAllOn(next, second);

    assertThat(second).isNotEqualTo(first);
    // Never the new config with the old image, nor the old config with the new image.
    assertThat(seen)
        .containsExactlyInAnyOrder(base + " / -", base + " / " + first, next + " / " + second);
  }

  @Test
  void aFailedBuildIsReportedAndTargetsNobodyUntilARebuildSucceeds() {
    String base = threeNodes();
    cluster.builder.failBuilds(POOL, "buildah exited 1: error resolving base image");
    optIn();
    MachineOSBuild failed = awaitBuild(base, BuildConditions.FAILED);
    String message =
        "image build for MachineConfigPool "
            + failed.getMetadata().getName()
            + " failed: buildah exited 1: error resolving base image";
    cluster.awaitCondition("Updating", c -> message.equals(c.getMessage()));
    assertThat(desiredImages()).allMatch(Optional::isEmpty);

    cluster.builder.succeedBuilds(POOL);
    cluster
        .client
        .resources(MachineOSConfig.class)
        .withName("layered")
        .edit(
            m -> {
              m.getMetadata().getAnnotations().put(BuildReconciler.REBUILD, "");
              return m;
            });
    String image =
        awaitBuild(base, BuildConditions.SUCCEEDED).getStatus().getDigestedImagePushSpec();
    awaitAllOn(base, image);
    assertThat(
            cluster
                .client
                .resources(MachineOSConfig.class)
                .withName("layered")
                .get()
                .getMetadata()
                .getAnnotations())
        .doesNotContainKey(BuildReconciler.REBUILD);
  }

  @Test
  void aNodeMovedIntoANonLayeredPoolLosesItsImage() {
    String base = threeNodes();
    optIn();
    String image =
        awaitBuild(base, BuildConditions.SUCCEEDED).getStatus().getDigestedImagePushSpec();
    awaitAllOn(base, image);

    // An infra pool: worker and infra configs, infra nodes (which keep their worker label).
    cluster.infraPool(1);
    cluster
        .client
        .nodes()
        .withName("worker-0")
        .edit(
            n -> {
              n.getMetadata().getLabels().put("node-role.kubernetes.io/infra", "");
              return n;
            });
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              Map<String, String> a = cluster.node("worker-0").getMetadata().getAnnotations();
              return a.getOrDefault(NodeAnnotations.DESIRED_CONFIG, "")
                      .startsWith("rendered-infra-")
                  && !a.containsKey(NodeAnnotations.DESIRED_IMAGE)
                  && a.get(NodeAnnotations.DESIRED_CONFIG)
                      .equals(a.get(NodeAnnotations.CURRENT_CONFIG))
                  && !a.containsKey(NodeAnnotations.CURRENT_IMAGE);
            });
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                cluster.pool().getStatus().getMachineCount() == 2
                    && cluster.pool("infra").getStatus() != null
                    && cluster.pool("infra").getStatus().getUpdatedMachineCount() == 1);
    assertThat(desiredImages().subList(1, 3)).containsOnly(Optional.of(image));
  }

  @Test
  void optingOutDeletesTheDesiredImage() {
    String base = threeNodes();
    optIn();
    String image =
        awaitBuild(base, BuildConditions.SUCCEEDED).getStatus().getDigestedImagePushSpec();
    awaitAllOn(base, image);

    cluster.client.resources(MachineOSConfig.class).withName("layered").delete();
    awaitAllOn(base, null);
    assertThat(desiredImages()).allMatch(Optional::isEmpty);
    assertThat(cluster.awaitCondition("Updated", c -> "True".equals(c.getStatus())).getMessage())
        .isEqualTo("All nodes are updated with MachineConfig " + base);
  }

  /**
   * Issue 39 item 5's registry clean-up: a build deleted while the nodes run its image stays
   * (Terminating, its finalizer) and so does the image; once the pool opts out and no node uses the
   * image any more, the image is deleted from the registry and the build goes.
   */
  @Test
  void aDeletedBuildsImageLeavesTheRegistryOnceNoNodeUsesIt() {
    String base = threeNodes();
    optIn();
    MachineOSBuild built = awaitBuild(base, BuildConditions.SUCCEEDED);
    String name = built.getMetadata().getName();
    String image = built.getStatus().getDigestedImagePushSpec();
    awaitAllOn(base, image);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> build(name).getMetadata().getFinalizers().contains(BuildImageCleanup.FINALIZER));

    cluster.client.resources(MachineOSBuild.class).withName(name).delete();
    await().atMost(Duration.ofSeconds(20)).until(() -> !cluster.events("ImageKept").isEmpty());
    assertThat(cluster.events("ImageKept").get(0).getMessage())
        .isEqualTo(
            "image "
                + image
                + " stays in the registry while nodes worker-0, worker-1, worker-2 use it; the build"
                + " is deleted once none does");
    assertThat(build(name).getMetadata().getDeletionTimestamp()).isNotNull();
    assertThat(cluster.builder.registry().deleted()).isEmpty();

    cluster.client.resources(MachineOSConfig.class).withName("layered").delete();
    awaitAllOn(base, null);
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> build(name) == null && cluster.builder.registry().deleted().contains(image));
    assertThat(cluster.builder.registry().deleted()).containsExactly(image);
    assertThat(cluster.events("ImageDeleted").get(0).getMessage())
        .isEqualTo("deleted image " + image + " from the registry");
  }

  private MachineOSBuild build(String name) {
    return cluster.client.resources(MachineOSBuild.class).withName(name).get();
  }
}
