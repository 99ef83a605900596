package io.ocelot.controller.generated;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.client.CustomResource;
import io.ocelot.api.model.GeneratedConfigStatus;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import java.util.List;
import java.util.Optional;

/**
 * What differs between the kinds that generate MachineConfigs; the rest is {@link
 * GeneratedConfigSync}.
 */
interface GeneratedKind<R extends CustomResource<?, GeneratedConfigStatus>> {
  Class<R> type();

  /** The generated configs' names: {@code 99-<pool>-generated-<this>[-N]}. */
  String suffixWord();

  /** How the kind is named in MCO's messages ("KubeletConfig", "containerRuntimeConfig"). */
  String messageName();

  /** The kind's words for "too many", as MCO's. */
  String tooMany();

  ConfigConditions.Style style();

  LabelSelector poolSelector(R source);

  /** Why the source itself is refused, before any pool. */
  Optional<String> refusal(R source);

  /** The files for one pool, whose own MachineConfigs are {@code poolConfigs} (by name). */
  Generation generate(R source, MachineConfigPool pool, List<MachineConfig> poolConfigs);
}
