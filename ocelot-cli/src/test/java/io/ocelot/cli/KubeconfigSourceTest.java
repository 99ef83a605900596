package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Where the cluster commands find their cluster, in order, and what they say when nowhere. */
class KubeconfigSourceTest {
  static final Path CWD = Path.of("/home/ann/work");
  static final Map<String, String> HOME = Map.of("HOME", "/home/ann");

  static KubeconfigSource.Result find(
      Optional<Path> flag, Map<String, String> env, Set<String> readable) {
    return KubeconfigSource.find(flag, env, CWD, p -> readable.contains(p.toString()));
  }

  @Test
  void theFlagWinsThenTheEnvironmentThenAPodThenTheSimThenHome() {
    Set<String> all =
        Set.of(
            "/tmp/flag",
            "/tmp/env",
            "/home/ann/work/.ocelot/sim.json",
            "/home/ann/work/.ocelot/kubeconfig",
            "/home/ann/.kube/config");
    assertThat(find(Optional.of(Path.of("/tmp/flag")), Map.of("KUBECONFIG", "/tmp/env"), all))
        .isEqualTo(new KubeconfigSource.Found(Path.of("/tmp/flag"), "--kubeconfig"));
    assertThat(find(Optional.empty(), Map.of("KUBECONFIG", "/nope:/tmp/env"), all))
        .isEqualTo(new KubeconfigSource.Found(Path.of("/tmp/env"), "$KUBECONFIG"));
    assertThat(find(Optional.empty(), Map.of("KUBERNETES_SERVICE_HOST", "10.0.0.1"), all))
        .isEqualTo(new KubeconfigSource.InCluster());
    assertThat(find(Optional.empty(), HOME, all))
        .isEqualTo(
            new KubeconfigSource.Found(
                Path.of("/home/ann/work/.ocelot/kubeconfig"),
                "the running sim in /home/ann/work/.ocelot"));
    // A sim's state dir that no sim runs in (no sim.json) is not a cluster.
    assertThat(
            find(
                Optional.empty(),
                HOME,
                Set.of("/home/ann/work/.ocelot/kubeconfig", "/home/ann/.kube/config")))
        .isEqualTo(new KubeconfigSource.Found(Path.of("/home/ann/.kube/config"), "~/.kube/config"));
  }

  @Test
  void nowhereSaysWhatWasTriedInsteadOfWaiting() {
    KubeconfigSource.Result r = find(Optional.empty(), HOME, Set.of());
    assertThat(r).isInstanceOf(KubeconfigSource.NotFound.class);
    assertThat(((KubeconfigSource.NotFound) r).message())
        .isEqualTo(
            "no cluster to talk to; tried --kubeconfig (not given), $KUBECONFIG (unset), a running"
                + " sim's /home/ann/work/.ocelot/kubeconfig (none), /home/ann/.kube/config (none)."
                + " Start one with './ocelot sim' or pass --kubeconfig FILE");
  }
}
