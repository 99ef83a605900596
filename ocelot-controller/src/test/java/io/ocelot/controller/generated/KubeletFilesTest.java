package io.ocelot.controller.generated;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.model.KubeletConfigSpec;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.TlsSecurityProfile;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** MCO's kubelet-config rules: what is refused, in its words, and what the files say. */
class KubeletFilesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BASE = KubeletFiles.defaultBase();

  static KubeletConfigSpec spec(String kubeletConfigJson) throws Exception {
    KubeletConfigSpec s = new KubeletConfigSpec();
    s.setKubeletConfig(kubeletConfigJson == null ? null : JSON.readTree(kubeletConfigJson));
    return s;
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"cgroupDriver\":\"cgroupfs\"}|KubeletConfiguration: cgroupDriver is not allowed to be"
            + " set, but contains: cgroupfs",
        "{\"clusterDNS\":[\"10.0.0.10\",\"10.0.0.11\"]}|KubeletConfiguration: clusterDNS is not"
            + " allowed to be set, but contains: [10.0.0.10 10.0.0.11]",
        "{\"clusterDomain\":\"x.org\"}|KubeletConfiguration: clusterDomain is not allowed to be set,"
            + " but contains: x.org",
        "{\"featureGates\":{\"B\":false,\"A\":true}}|KubeletConfiguration: featureGates is not"
            + " allowed to be set, but contains: map[A:true B:false]",
        "{\"failSwapOn\":false}|KubeletConfiguration: failSwapOn is not allowed to be set, but"
            + " contains: false",
        "{\"memorySwap\":{\"swapBehavior\":\"LimitedSwap\"}}|KubeletConfiguration: swapBehavior is"
            + " not allowed to be set, but contains: LimitedSwap",
        "{\"systemReservedCgroup\":\"/a\",\"systemCgroups\":\"/b\"}|KubeletConfiguration:"
            + " systemReservedCgroup (/a) must match systemCgroups (/b)",
        "[1,2]|KubeletConfig could not be unmarshalled, err: kubeletConfig must be an object, not"
            + " array",
      })
  void refusesWhatMcoRefusesInItsWords(String kubeletConfig, String why) throws Exception {
    assertThat(KubeletFiles.refusal(spec(kubeletConfig))).contains(why);
  }

  @Test
  void refusesLogLevelOutOfRangeAndReservedWithAutoSizing() throws Exception {
    KubeletConfigSpec loud = spec(null);
    loud.setLogLevel(11);
    assertThat(KubeletFiles.refusal(loud))
        .contains("KubeletConfig's LogLevel is not valid [0,10]: 11");
    KubeletConfigSpec both = spec("{\"systemReserved\":{\"memory\":\"2Gi\"}}");
    both.setAutoSizingReserved(true);
    assertThat(KubeletFiles.refusal(both))
        .contains(
            "KubeletConfiguration: autoSizingReserved and systemdReserved cannot be set together");
    assertThat(KubeletFiles.refusal(spec("{\"maxPods\":300,\"clusterDNS\":[]}"))).isEmpty();
  }

  @Test
  void mergesOverTheBaseAndKeepsWhatItDoesNotName() throws Exception {
    KubeletConfigSpec s =
        spec(
            "{\"maxPods\":300,\"protectKernelDefaults\":false,"
                + "\"authentication\":{\"anonymous\":{\"enabled\":true}},\"enforceNodeAllocatable\":[\"pods\"]}");
    s.setLogLevel(4);
    List<GeneratedFile> files = files(s, BASE);
    assertThat(files)
        .extracting(GeneratedFile::path)
        .containsExactly(KubeletFiles.LOG_LEVEL_DROPIN, KubeletFiles.KUBELET_CONF);
    assertThat(files.get(0).contents())
        .isEqualTo("[Service]\nEnvironment=\"KUBELET_LOG_LEVEL=4\"\n");
    JsonNode conf = new YAMLMapper().readTree(files.get(1).contents());
    assertThat(conf.path("maxPods").asInt()).isEqualTo(300);
    // An explicit false wins (MCO needs a workaround for this one field).
    assertThat(conf.path("protectKernelDefaults").asBoolean(true)).isFalse();
    // Objects merge key by key: the x509 half of authentication stays.
    assertThat(conf.path("authentication").path("anonymous").path("enabled").asBoolean()).isTrue();
    assertThat(conf.path("authentication").path("x509").path("clientCAFile").asText())
        .isEqualTo("/etc/kubernetes/kubelet-ca.crt");
    // A list is replaced; without system-reserved enforcement its cgroup goes.
    assertThat(conf.path("enforceNodeAllocatable").toString()).isEqualTo("[\"pods\"]");
    assertThat(conf.has("systemReservedCgroup")).isFalse();
    assertThat(conf.path("clusterDomain").asText()).isEqualTo("cluster.local");
    // Keys sorted as MCO's encoder writes them.
    assertThat(files.get(1).contents()).startsWith("apiVersion: kubelet.config.k8s.io/v1beta1\n");
    assertThat(files.get(1).contents()).contains("clusterDNS:\n- 172.30.0.10\n");
  }

  @Test
  void systemReservedSizesGoToTheSizingFileAndAutoSizingWritesItToo() throws Exception {
    KubeletConfigSpec s = spec("{\"systemReserved\":{\"memory\":\"3Gi\",\"pid\":\"1000\"}}");
    List<GeneratedFile> files = files(s, BASE);
    assertThat(files.get(0))
        .isEqualTo(
            new GeneratedFile(
                KubeletFiles.NODE_SIZING,
                "NODE_SIZING_ENABLED=false\nSYSTEM_RESERVED_MEMORY=3Gi\n"
                    + "SYSTEM_RESERVED_CPU=500m\nSYSTEM_RESERVED_ES=1Gi\n"));
    JsonNode conf = new YAMLMapper().readTree(files.get(1).contents());
    assertThat(conf.path("systemReserved").toString()).isEqualTo("{\"pid\":\"1000\"}");

    KubeletConfigSpec auto = spec(null);
    auto.setAutoSizingReserved(true);
    assertThat(files(auto, BASE).get(0).contents()).startsWith("NODE_SIZING_ENABLED=true\n");
  }

  @Test
  void reservedCpusTakeSystemReservedEnforcementsPlace() throws Exception {
    JsonNode conf =
        new YAMLMapper()
            .readTree(files(spec("{\"reservedSystemCPUs\":\"0-1\"}"), BASE).get(0).contents());
    assertThat(conf.has("systemReservedCgroup")).isFalse();
    assertThat(conf.path("enforceNodeAllocatable").toString()).isEqualTo("[\"pods\"]");
  }

  @Test
  void theProfileSetsTheKubeletsTls() throws Exception {
    KubeletConfigSpec s = spec(null);
    TlsSecurityProfile modern = new TlsSecurityProfile();
    modern.setType("Modern");
    s.setTlsSecurityProfile(modern);
    JsonNode conf =
        new YAMLMapper().readTree(files(s, BASE, TlsProfiles.of(modern)).get(0).contents());
    assertThat(conf.path("tlsMinVersion").asText()).isEqualTo("VersionTLS13");
    assertThat(conf.path("tlsCipherSuites").size()).isEqualTo(3);

    TlsSecurityProfile custom = new TlsSecurityProfile();
    custom.setType("Custom");
    custom.setCustom(new TlsSecurityProfile.Custom());
    custom.getCustom().setMinTlsVersion("VersionTLS12");
    custom.getCustom().setCiphers(List.of("ECDHE-RSA-AES128-GCM-SHA256", "AES256-SHA256"));
    // AES256-SHA256 has no Go suite: dropped, as MCO drops it.
    assertThat(TlsProfiles.of(custom).cipherSuites())
        .containsExactly("TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256");
    assertThat(TlsProfiles.of(null)).isEqualTo(TlsProfiles.intermediate());
    assertThat(TlsProfiles.intermediate().cipherSuites()).hasSize(9);
  }

  @Test
  void aBaseThatIsNotAnObjectAndAMergedCgroupMismatchAreRefused() throws Exception {
    assertThat(KubeletFiles.generate(spec(null), "- a list\n", TlsProfiles.intermediate()))
        .isEqualTo(
            new Generation.Refused(
                "could not get original kubelet config: the pool's /etc/kubernetes/kubelet.conf"
                    + " is not a YAML or JSON object"));
    assertThat(
            KubeletFiles.generate(
                spec("{\"systemCgroups\":\"/other.slice\"}"), BASE, TlsProfiles.intermediate()))
        .isEqualTo(
            new Generation.Refused(
                "invalid merged configuration: systemReservedCgroup (/system.slice) must match"
                    + " systemCgroups (/other.slice)"));
  }

  @Test
  void theBaseIsThePoolsOwnLastKubeletConfGeneratedOnesLeftOut() {
    assertThat(KubeletConfigs.baseKubeletConf(List.of())).isEqualTo(Optional.empty());
    List<MachineConfig> pool =
        List.of(
            config("00-worker", null),
            config("01-worker-kubelet", "maxPods: 1\n"),
            config("50-site", "maxPods: 2\n"),
            config("99-worker-generated-kubelet", "maxPods: 3\n"));
    assertThat(KubeletConfigs.baseKubeletConf(pool)).contains("maxPods: 2\n");
  }

  private static MachineConfig config(String name, String kubeletConf) {
    MachineConfig mc = new MachineConfig();
    mc.setMetadata(new ObjectMetaBuilder().withName(name).build());
    IgnitionBuilder b = IgnitionBuilder.v3().file("/etc/ocelot/" + name, "x\n");
    if (kubeletConf != null) {
      b.file(KubeletFiles.KUBELET_CONF, kubeletConf);
    }
    mc.getSpec().setConfig(b.build());
    return mc;
  }

  private static List<GeneratedFile> files(KubeletConfigSpec s, String base) {
    return files(s, base, TlsProfiles.intermediate());
  }

  private static List<GeneratedFile> files(KubeletConfigSpec s, String base, TlsProfiles.Tls tls) {
    Generation g = KubeletFiles.generate(s, base, tls);
    assertThat(g).isInstanceOf(Generation.Files.class);
    return ((Generation.Files) g).files();
  }
}
