package io.ocelot.controller.generated;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.ocelot.api.model.ContainerRuntimeConfig;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import java.util.List;
import java.util.Optional;

/** ContainerRuntimeConfig's part: MCO's names and words, {@link CrioFiles} for the files. */
final class ContainerRuntimeConfigs implements GeneratedKind<ContainerRuntimeConfig> {
  @Override
  public Class<ContainerRuntimeConfig> type() {
    return ContainerRuntimeConfig.class;
  }

  @Override
  public String suffixWord() {
    return "containerruntime";
  }

  @Override
  public String messageName() {
    return "containerRuntimeConfig";
  }

  @Override
  public String tooMany() {
    return "max number of supported ctrcfgs (10) has been reached. Please delete old ctrcfgs"
        + " before retrying";
  }

  @Override
  public ConfigConditions.Style style() {
    return ConfigConditions.Style.SUCCESS_OR_FAILURE;
  }

  @Override
  public LabelSelector poolSelector(ContainerRuntimeConfig source) {
    return source.getSpec().getMachineConfigPoolSelector();
  }

  @Override
  public Optional<String> refusal(ContainerRuntimeConfig source) {
    return CrioFiles.refusal(source.getSpec().getContainerRuntimeConfig());
  }

  @Override
  public Generation generate(
      ContainerRuntimeConfig source, MachineConfigPool pool, List<MachineConfig> poolConfigs) {
    return CrioFiles.generate(source.getSpec().getContainerRuntimeConfig());
  }
}
