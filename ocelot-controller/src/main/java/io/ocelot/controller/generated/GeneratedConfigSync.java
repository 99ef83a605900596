package io.ocelot.controller.generated;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.kube.LabelSelectors;
import io.ocelot.api.model.ConfigCondition;
import io.ocelot.api.model.GeneratedConfigStatus;
import io.ocelot.api.model.KubeletConfig;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigSpec;
import io.ocelot.api.model.Mco;
import io.ocelot.api.render.Renderer;
import io.ocelot.controller.support.ObjectEvents;
import java.net.HttpURLConnection;
import java.time.Clock;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings one source (a KubeletConfig or a ContainerRuntimeConfig) and its generated MachineConfigs
 * in line: one per selected pool, named {@code 99-<pool>-generated-<kind>[-N]} (N from the source's
 * {@code mc-name-suffix}, given once: the first source of a pool has none, each later one the next
 * number, so later sources sort — and win — later in the render), owned by the source (deleting it
 * deletes them, through the garbage collector), labelled with the pool's role. Configs it generated
 * for pools it no longer selects are deleted. A refused source keeps what it generated before, as
 * MCO's does. Sources of a kind are synced one at a time, so two new ones cannot take the same
 * name.
 */
final class GeneratedConfigSync<R extends CustomResource<?, GeneratedConfigStatus>> {
  private static final Logger LOG = LoggerFactory.getLogger(GeneratedConfigSync.class);
  private static final Pattern GENERATED =
      Pattern.compile("^99-.+-generated-(kubelet|containerruntime)(-[0-9]+)?$");
  static final int MAX_SUFFIX = 9;

  private final KubernetesClient client;
  private final GeneratedKind<R> kind;
  private final String controllerVersion;
  private final ObjectEvents events;
  private final Clock clock;

  /** Suffixes given in this process, by source uid: the cache may not show the annotation yet. */
  private final Map<String, String> given = new ConcurrentHashMap<>();

  GeneratedConfigSync(
      KubernetesClient client,
      GeneratedKind<R> kind,
      String controllerVersion,
      ObjectEvents events,
      Clock clock) {
    this.client = client;
    this.kind = kind;
    this.controllerVersion = controllerVersion;
    this.events = events;
    this.clock = clock;
  }

  /** Whether a MachineConfig is one of the generated ones (by MCO's names). */
  static boolean isGenerated(MachineConfig mc) {
    return GENERATED.matcher(mc.getMetadata().getName()).matches();
  }

  /**
   * Syncs {@code source}; {@code all} are the kind's sources, {@code configs} the role-labelled
   * MachineConfigs (generated ones among them).
   */
  synchronized void sync(
      R source, List<R> all, List<MachineConfigPool> pools, List<MachineConfig> configs) {
    Optional<String> refused = kind.refusal(source);
    if (refused.isPresent()) {
      report(source, refused);
      return;
    }
    List<MachineConfigPool> selected =
        pools.stream()
            .filter(p -> selects(source, p))
            .sorted(Comparator.comparing(p -> p.getMetadata().getName()))
            .toList();
    if (selected.isEmpty()) {
      deleteOwnedExcept(source, Set.of(), configs);
      report(
          source,
          Optional.of(
              kind.messageName()
                  + " "
                  + source.getMetadata().getName()
                  + " does not match any MachineConfigPools"));
      return;
    }
    Optional<String> suffix = suffix(source, all, selected);
    if (suffix.isEmpty()) {
      report(source, Optional.of(kind.tooMany()));
      return;
    }
    Map<String, MachineConfig> byName = new HashMap<>();
    configs.forEach(mc -> byName.put(mc.getMetadata().getName(), mc));
    Set<String> wanted = new HashSet<>();
    for (MachineConfigPool pool : selected) {
      String name = name(pool.getMetadata().getName(), suffix.get());
      // In render's merge order (worker configs first): the last kubelet.conf is the one a node
      // of this pool would get without the generated config.
      List<MachineConfig> poolConfigs =
          Renderer.mergeOrder(
              configs.stream()
                  .filter(
                      mc ->
                          LabelSelectors.matches(
                              pool.getSpec().getMachineConfigSelector(),
                              mc.getMetadata().getLabels()))
                  .toList());
      Generation g = kind.generate(source, pool, poolConfigs);
      if (g instanceof Generation.Refused r) {
        report(source, Optional.of(r.why()));
        return;
      }
      wanted.add(name);
      write(source, build(source, pool, name, ((Generation.Files) g).files()), byName.get(name));
    }
    deleteOwnedExcept(source, wanted, configs);
    report(source, Optional.empty());
  }

  String name(String pool, String suffix) {
    return "99-"
        + pool
        + "-generated-"
        + kind.suffixWord()
        + (suffix.isEmpty() ? "" : "-" + suffix);
  }

  private boolean selects(R source, MachineConfigPool pool) {
    var selector = kind.poolSelector(source);
    return !LabelSelectors.isEmpty(selector)
        && LabelSelectors.matches(selector, pool.getMetadata().getLabels());
  }

  /**
   * The source's suffix: the one it carries, else (and then written on it) none when it is the only
   * source of its pools, else one past the highest its peers carry; empty past nine, MCO's limit.
   */
  private Optional<String> suffix(R source, List<R> all, List<MachineConfigPool> selected) {
    String uid = source.getMetadata().getUid();
    Optional<String> carried = carried(source);
    if (carried.isPresent()) {
      return carried;
    }
    List<R> peers =
        all.stream()
            .filter(r -> !Objects.equals(r.getMetadata().getUid(), uid))
            .filter(r -> selected.stream().anyMatch(p -> selects(r, p)))
            .toList();
    Optional<String> assigned = nextSuffix(peers.stream().map(this::carried).toList());
    if (assigned.isEmpty()) {
      return assigned;
    }
    String next = assigned.get();
    client
        .resources(kind.type())
        .withName(source.getMetadata().getName())
        .edit(
            r -> {
              Map<String, String> a = new HashMap<>();
              if (r.getMetadata().getAnnotations() != null) {
                a.putAll(r.getMetadata().getAnnotations());
              }
              a.put(KubeletConfig.MC_NAME_SUFFIX, next);
              r.getMetadata().setAnnotations(a);
              return r;
            });
    given.put(uid, next);
    return Optional.of(next);
  }

  /**
   * The suffix of a new source whose peers (the other sources of its pools) carry {@code peers}:
   * none when it has no peer, else one past the highest number (MCO counts a peer without one as
   * 0); empty past {@link #MAX_SUFFIX}.
   */
  static Optional<String> nextSuffix(List<Optional<String>> peers) {
    if (peers.isEmpty()) {
      return Optional.of("");
    }
    int highest = 0;
    for (Optional<String> s : peers) {
      if (s.isPresent() && s.get().matches("[0-9]+")) {
        highest = Math.max(highest, Integer.parseInt(s.get()));
      }
    }
    return highest + 1 > MAX_SUFFIX ? Optional.empty() : Optional.of(Integer.toString(highest + 1));
  }

  private Optional<String> carried(R source) {
    Map<String, String> a = source.getMetadata().getAnnotations();
    if (a != null && a.containsKey(KubeletConfig.MC_NAME_SUFFIX)) {
      return Optional.of(a.get(KubeletConfig.MC_NAME_SUFFIX));
    }
    return Optional.ofNullable(given.get(source.getMetadata().getUid()));
  }

  private MachineConfig build(
      R source, MachineConfigPool pool, String name, List<GeneratedFile> files) {
    MachineConfig mc = new MachineConfig();
    mc.setMetadata(
        new ObjectMetaBuilder()
            .withName(name)
            .withLabels(Map.of(Mco.ROLE_LABEL, pool.getMetadata().getName()))
            .withAnnotations(Map.of(Mco.GENERATED_BY_CONTROLLER_VERSION, controllerVersion))
            .withOwnerReferences(owner(source))
            .build());
    IgnitionBuilder ignition = IgnitionBuilder.v3();
    files.forEach(f -> ignition.file(f.path(), f.contents()));
    MachineConfigSpec spec = new MachineConfigSpec();
    spec.setConfig(ignition.build());
    mc.setSpec(spec);
    return mc;
  }

  private OwnerReference owner(R source) {
    return new OwnerReferenceBuilder()
        .withApiVersion(Mco.API_VERSION)
        .withKind(source.getKind())
        .withName(source.getMetadata().getName())
        .withUid(source.getMetadata().getUid())
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }

  /** Creates the config, or updates it where it differs (its config, labels, owner, version). */
  private void write(R source, MachineConfig want, MachineConfig have) {
    String name = want.getMetadata().getName();
    if (have == null) {
      try {
        client.resources(MachineConfig.class).resource(want).create();
      } catch (KubernetesClientException e) {
        if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
          throw e;
        }
        return; // created by the previous sync, not in the cache yet: its event syncs again
      }
    } else if (!Objects.equals(have.getSpec().getConfig(), want.getSpec().getConfig())
        || !Objects.equals(
            have.getMetadata().getOwnerReferences(), want.getMetadata().getOwnerReferences())
        || !Objects.equals(have.getMetadata().getLabels(), want.getMetadata().getLabels())
        || !Objects.equals(
            have.getMetadata().getAnnotations(), want.getMetadata().getAnnotations())) {
      MachineConfig next = Serialization.clone(have);
      next.getMetadata().setLabels(want.getMetadata().getLabels());
      next.getMetadata().setAnnotations(want.getMetadata().getAnnotations());
      next.getMetadata().setOwnerReferences(want.getMetadata().getOwnerReferences());
      next.setSpec(want.getSpec());
      client.resources(MachineConfig.class).resource(next).update();
    } else {
      return;
    }
    LOG.info(
        "{} {}: wrote MachineConfig {}", kind.messageName(), source.getMetadata().getName(), name);
    events.normal(
        source,
        "MachineConfigGenerated",
        "wrote MachineConfig " + name + " (" + fileCount(want) + ")");
  }

  private static String fileCount(MachineConfig mc) {
    int n = mc.getSpec().getConfig().path("storage").path("files").size();
    return n == 1 ? "1 file" : n + " files";
  }

  private void deleteOwnedExcept(R source, Set<String> wanted, List<MachineConfig> configs) {
    for (MachineConfig mc : configs) {
      boolean owned =
          mc.getMetadata().getOwnerReferences().stream()
              .anyMatch(
                  o ->
                      Boolean.TRUE.equals(o.getController())
                          && Objects.equals(o.getUid(), source.getMetadata().getUid()));
      if (owned && !wanted.contains(mc.getMetadata().getName())) {
        client.resources(MachineConfig.class).withName(mc.getMetadata().getName()).delete();
        LOG.info(
            "{} {}: deleted MachineConfig {} (its pool is no longer selected)",
            kind.messageName(),
            source.getMetadata().getName(),
            mc.getMetadata().getName());
      }
    }
  }

  /** Writes the verdict into the source's status when it changed; a refusal also as an event. */
  private void report(R source, Optional<String> error) {
    GeneratedConfigStatus before = source.getStatus();
    List<ConfigCondition> history = before == null ? List.of() : before.getConditions();
    List<ConfigCondition> next =
        ConfigConditions.next(kind.style(), history, error, clock.instant());
    Long generation = source.getMetadata().getGeneration();
    if (before != null
        && Objects.equals(before.getObservedGeneration(), generation)
        && next.equals(history)) {
      return;
    }
    GeneratedConfigStatus status = new GeneratedConfigStatus();
    status.setObservedGeneration(generation);
    status.setConditions(next);
    R copy = Serialization.clone(source);
    copy.setStatus(status);
    copy.getMetadata().setResourceVersion(null); // a merge patch of our own field: no lock
    client.resources(kind.type()).resource(copy).patchStatus();
    if (error.isPresent() && !next.equals(history)) {
      LOG.warn("{} {}: {}", kind.messageName(), source.getMetadata().getName(), error.get());
      events.warning(source, "ConfigRefused", error.get());
    }
  }
}
