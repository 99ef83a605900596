package io.ocelot.api.operator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Upstream's rules for node disruption policies, pure: the cluster's defaults, how an admin's spec
 * is merged over them (an entry for the same path or unit replaces the default), and which policy a
 * changed file or unit falls under.
 */
public final class NodeDisruptionPolicies {
  private static final String CRIO = "crio.service";

  private static final String KUBELET = "kubelet.service";
  private static final String CA_TRUST = "coreos-update-ca-trust.service";
  private static final String IRI_REGISTRY = "iri-registry.service";

  /**
   * The policies a cluster has when the admin sets none: upstream's list in upstream's order
   * (openshift/machine-config-operator pkg/apihelpers/apihelpers.go, its default cluster policies;
   * CRI-O policies since 4.18, credential providers and the internal release image registry since
   * 4.22).
   */
  public static final NodeDisruptionPolicy DEFAULTS =
      new NodeDisruptionPolicy(
          List.of(
              file("/etc/mco/internal-registry-pull-secret.json", Action.of(ActionType.None)),
              file("/var/lib/kubelet/config.json", Action.of(ActionType.None)),
              file("/etc/machine-config-daemon/no-reboot/containers-gpg.pub", Action.reload(CRIO)),
              file("/etc/containers/policy.json", Action.reload(CRIO)),
              file("/etc/containers/registries.conf", Action.of(ActionType.Special)),
              file("/etc/containers/registries.d", Action.reload(CRIO)),
              file("/etc/crio/policies", Action.reload(CRIO)),
              file("/etc/nmstate/openshift", Action.of(ActionType.None)),
              file(
                  "/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt",
                  Action.restart(CA_TRUST),
                  Action.restart(CRIO)),
              file("/etc/kubernetes/credential-providers", Action.restart(KUBELET)),
              file(
                  "/etc/systemd/system/kubelet.service.d/40-kubelet-crio-image-credential-provider.conf",
                  Action.of(ActionType.DaemonReload),
                  Action.restart(KUBELET)),
              file("/etc/iri-registry", Action.restart(IRI_REGISTRY)),
              file("/usr/local/bin/load-registry-image.sh", Action.restart(IRI_REGISTRY)),
              file("/etc/pki/ca-trust/source/anchors/iri-root-ca.crt", Action.restart(CA_TRUST))),
          List.of(
              new NodeDisruptionPolicy.Unit(
                  IRI_REGISTRY,
                  List.of(Action.of(ActionType.DaemonReload), Action.restart(IRI_REGISTRY)))),
          new NodeDisruptionPolicy.SshKey(List.of(Action.of(ActionType.None))));

  private NodeDisruptionPolicies() {}

  /** The policy a file change at some path falls under: the policy's own path and its actions. */
  public record Match(String policyPath, List<Action> actions) {
    public Match {
      actions = List.copyOf(actions);
    }
  }

  /** The policies in force for an admin's {@code spec} (which may be absent). */
  public static NodeDisruptionPolicy merge(Optional<NodeDisruptionPolicy> spec) {
    if (spec.isEmpty()) {
      return DEFAULTS;
    }
    NodeDisruptionPolicy s = spec.get();
    return new NodeDisruptionPolicy(
        merge(DEFAULTS.files(), s.files(), f -> normalize(f.path())),
        merge(DEFAULTS.units(), s.units(), NodeDisruptionPolicy.Unit::name),
        s.sshkey() != null ? s.sshkey() : DEFAULTS.sshkey());
  }

  /**
   * The policy for a change at {@code path}: its own entry, else the closest parent directory's
   * (components, not characters: {@code /etc/foo} does not cover {@code /etc/foobar}).
   */
  public static Optional<Match> forFile(String path, NodeDisruptionPolicy policy) {
    Map<String, List<Action>> byPath = new LinkedHashMap<>();
    policy.files().forEach(f -> byPath.put(normalize(f.path()), f.actions()));
    String p = normalize(path);
    while (true) {
      List<Action> actions = byPath.get(p);
      if (actions != null) {
        return Optional.of(new Match(p, actions));
      }
      if (p.equals("/")) {
        return Optional.empty();
      }
      int slash = p.lastIndexOf('/');
      p = slash <= 0 ? "/" : p.substring(0, slash);
    }
  }

  /** The actions for a change to the unit {@code name}, when a policy names it. */
  public static Optional<List<Action>> forUnit(String name, NodeDisruptionPolicy policy) {
    return policy.units().stream()
        .filter(u -> u.name().equals(name))
        .findFirst()
        .map(NodeDisruptionPolicy.Unit::actions);
  }

  /** The actions for a change of core's SSH keys. */
  public static List<Action> forSshKeys(NodeDisruptionPolicy policy) {
    return policy.sshkey() == null ? List.of() : policy.sshkey().actions();
  }

  /** A path without trailing slashes (the root stays {@code /}). */
  static String normalize(String path) {
    String p = path;
    while (p.length() > 1 && p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p;
  }

  private static NodeDisruptionPolicy.File file(String path, Action... actions) {
    return new NodeDisruptionPolicy.File(path, List.of(actions));
  }

  private static <T> List<T> merge(List<T> defaults, List<T> admin, Function<T, String> key) {
    Map<String, T> out = new LinkedHashMap<>();
    defaults.forEach(d -> out.put(key.apply(d), d));
    admin.forEach(a -> out.put(key.apply(a), a));
    return new ArrayList<>(out.values());
  }
}
