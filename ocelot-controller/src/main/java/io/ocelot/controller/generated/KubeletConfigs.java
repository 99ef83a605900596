package io.ocelot.controller.generated;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.model.KubeletConfig;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/** KubeletConfig's part: MCO's names and words, {@link KubeletFiles} for the files. */
final class KubeletConfigs implements GeneratedKind<KubeletConfig> {
  @Override
  public Class<KubeletConfig> type() {
    return KubeletConfig.class;
  }

  @Override
  public String suffixWord() {
    return "kubelet";
  }

  @Override
  public String messageName() {
    return "KubeletConfig";
  }

  @Override
  public String tooMany() {
    return "max number of supported kubelet config (10) has been reached. Please delete old"
        + " kubelet configs before retrying";
  }

  @Override
  public ConfigConditions.Style style() {
    return ConfigConditions.Style.ACCEPTED;
  }

  @Override
  public LabelSelector poolSelector(KubeletConfig source) {
    return source.getSpec().getMachineConfigPoolSelector();
  }

  @Override
  public Optional<String> refusal(KubeletConfig source) {
    return KubeletFiles.refusal(source.getSpec());
  }

  @Override
  public Generation generate(
      KubeletConfig source, MachineConfigPool pool, List<MachineConfig> poolConfigs) {
    return KubeletFiles.generate(
        source.getSpec(),
        baseKubeletConf(poolConfigs).orElseGet(KubeletFiles::defaultBase),
        TlsProfiles.of(source.getSpec().getTlsSecurityProfile()));
  }

  /**
   * The pool's own kubelet.conf: the last of its MachineConfigs (in render's merge order, which
   * {@code poolConfigs} are in) that writes one, generated configs left out (they are what is being
   * computed).
   */
  static Optional<String> baseKubeletConf(List<MachineConfig> poolConfigs) {
    Optional<String> found = Optional.empty();
    for (MachineConfig mc : poolConfigs) {
      if (GeneratedConfigSync.isGenerated(mc)) {
        continue;
      }
      if (IgnitionParser.parse(mc.getSpec().getConfig()) instanceof IgnitionResult.Valid v) {
        Optional<String> file =
            v.config()
                .file(KubeletFiles.KUBELET_CONF)
                .map(f -> new String(f.contents().toArray(), StandardCharsets.UTF_8));
        if (file.isPresent()) {
          found = file;
        }
      }
    }
    return found;
  }
}
