package io.ocelot.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Where a command that talks to a cluster finds it, in order: {@code --kubeconfig}, {@code
 * $KUBECONFIG}, the pod's service account (in a cluster), the running simulator's {@code
 * .ocelot/kubeconfig} in the working directory, {@code ~/.kube/config}. Pure: the caller hands in
 * the environment and what is readable. Without any, it says what it tried instead of waiting for a
 * cluster that is not there.
 */
final class KubeconfigSource {
  /** The simulator's default state dir ({@code ocelot sim --state-dir}). */
  static final String SIM_STATE_DIR = ".ocelot";

  private KubeconfigSource() {}

  sealed interface Result permits Found, InCluster, NotFound {}

  /** A kubeconfig file, and how it was found (for messages). */
  record Found(Path file, String how) implements Result {}

  /** In a pod: the service account's token and the cluster's service address. */
  record InCluster() implements Result {}

  record NotFound(List<String> tried) implements Result {
    String message() {
      return "no cluster to talk to; tried "
          + String.join(", ", tried)
          + ". Start one with './ocelot sim' or pass --kubeconfig FILE";
    }
  }

  static Result find(
      Optional<Path> flag, Map<String, String> env, Path cwd, Predicate<Path> readable) {
    if (flag.isPresent()) {
      return new Found(flag.get(), "--kubeconfig");
    }
    List<String> tried = new ArrayList<>(List.of("--kubeconfig (not given)"));
    String fromEnv = env.getOrDefault("KUBECONFIG", "");
    for (String part : fromEnv.split(":")) {
      if (!part.isEmpty() && readable.test(Path.of(part))) {
        return new Found(Path.of(part), "$KUBECONFIG");
      }
    }
    tried.add(
        fromEnv.isEmpty() ? "$KUBECONFIG (unset)" : "$KUBECONFIG (" + fromEnv + ": none readable)");
    if (!env.getOrDefault("KUBERNETES_SERVICE_HOST", "").isEmpty()) {
      return new InCluster();
    }
    Path sim = cwd.resolve(SIM_STATE_DIR);
    if (readable.test(sim.resolve("sim.json")) && readable.test(sim.resolve("kubeconfig"))) {
      return new Found(sim.resolve("kubeconfig"), "the running sim in " + sim);
    }
    tried.add("a running sim's " + sim.resolve("kubeconfig") + " (none)");
    Optional<Path> home =
        Optional.ofNullable(env.get("HOME")).map(h -> Path.of(h, ".kube", "config"));
    if (home.isPresent() && readable.test(home.get())) {
      return new Found(home.get(), "~/.kube/config");
    }
    tried.add(home.map(h -> h + " (none)").orElse("~/.kube/config ($HOME unset)"));
    return new NotFound(tried);
  }
}
