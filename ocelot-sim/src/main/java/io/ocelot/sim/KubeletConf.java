package io.ocelot.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the simulated kubelet takes from its node's {@code /etc/kubernetes/kubelet.conf} when it
 * comes up, as a kubelet does at start: {@code maxPods}, which it reports as the node's pod
 * capacity — so a KubeletConfig's change is visible on the Node once the node booted into it.
 * Absent or unreadable: the kubelet's default, 110.
 */
final class KubeletConf {
  static final String PATH = "etc/kubernetes/kubelet.conf";
  static final int DEFAULT_MAX_PODS = 110;
  private static final YAMLMapper YAML = new YAMLMapper();

  private KubeletConf() {}

  static int maxPods(Path root) {
    Path file = root.resolve(PATH);
    try {
      if (!Files.isRegularFile(file)) {
        return DEFAULT_MAX_PODS;
      }
      JsonNode conf = YAML.readTree(Files.readString(file));
      JsonNode max = conf == null ? null : conf.get("maxPods");
      return max != null && max.canConvertToInt() && max.asInt() > 0
          ? max.asInt()
          : DEFAULT_MAX_PODS;
    } catch (IOException | RuntimeException e) {
      return DEFAULT_MAX_PODS; // a kubelet would not start; the stand-in keeps the default
    }
  }
}
