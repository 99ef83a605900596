package io.ocelot.apiserver;

import java.util.List;

/** One entry of API discovery: what {@code kubectl} needs to turn {@code mcp} into a URL. */
record ApiResource(
    String group,
    String version,
    String plural,
    String singular,
    String kind,
    boolean namespaced,
    List<String> shortNames,
    List<String> verbs) {

  static final List<String> ALL_VERBS =
      List.of("create", "delete", "deletecollection", "get", "list", "patch", "update", "watch");

  String groupVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }

  /** The built-in kinds Ocelot and its simulator use. */
  static List<ApiResource> builtins() {
    return List.of(
        core("nodes", "Node", false, "no"),
        core("pods", "Pod", true, "po"),
        subresource("", "v1", "pods/eviction", "Eviction", true),
        core("events", "Event", true, "ev"),
        of("events.k8s.io", "events", "Event", true, "ev"),
        core("namespaces", "Namespace", false, "ns"),
        core("configmaps", "ConfigMap", true, "cm"),
        core("secrets", "Secret", true),
        core("serviceaccounts", "ServiceAccount", true, "sa"),
        core("services", "Service", true, "svc"),
        of("apps", "daemonsets", "DaemonSet", true, "ds"),
        of("apps", "deployments", "Deployment", true, "deploy"),
        of("apps", "replicasets", "ReplicaSet", true, "rs"),
        of("apps", "statefulsets", "StatefulSet", true, "sts"),
        of("batch", "jobs", "Job", true),
        of("policy", "poddisruptionbudgets", "PodDisruptionBudget", true, "pdb"),
        of("coordination.k8s.io", "leases", "Lease", true),
        of(
            "apiextensions.k8s.io",
            "customresourcedefinitions",
            "CustomResourceDefinition",
            false,
            "crd",
            "crds"),
        of("rbac.authorization.k8s.io", "roles", "Role", true),
        of("rbac.authorization.k8s.io", "rolebindings", "RoleBinding", true),
        of("rbac.authorization.k8s.io", "clusterroles", "ClusterRole", false),
        of("rbac.authorization.k8s.io", "clusterrolebindings", "ClusterRoleBinding", false),
        new ApiResource(
            "authorization.k8s.io",
            "v1",
            "selfsubjectrulesreviews",
            "",
            "SelfSubjectRulesReview",
            false,
            List.of(),
            List.of("create")));
  }

  private static ApiResource core(String plural, String kind, boolean ns, String... shortNames) {
    return of("", plural, kind, ns, shortNames);
  }

  private static ApiResource of(
      String group, String plural, String kind, boolean ns, String... shortNames) {
    return new ApiResource(
        group,
        "v1",
        plural,
        kind.toLowerCase(java.util.Locale.ROOT),
        kind,
        ns,
        List.of(shortNames),
        ALL_VERBS);
  }

  static ApiResource subresource(
      String group, String version, String name, String kind, boolean ns) {
    return new ApiResource(group, version, name, "", kind, ns, List.of(), List.of("create"));
  }
}
