package io.ocelot.api.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The CRDs generated from the model carry the contract's names, scope and columns. */
class CrdGenerationTest {

  static JsonNode crd(String plural) throws Exception {
    String resource = "/META-INF/fabric8/" + plural + ".machineconfiguration.openshift.io-v1.yml";
    try (InputStream in = CrdGenerationTest.class.getResourceAsStream(resource)) {
      assertThat(in).as("generated CRD " + resource).isNotNull();
      return Json.YAML.readTree(in);
    }
  }

  @ParameterizedTest
  @CsvSource({
    "machineconfigs, MachineConfig, mc, false, IgnitionVersion",
    "machineconfigpools, MachineConfigPool, mcp, true, UpdatedMachineCount",
    "machineosconfigs, MachineOSConfig, mosc, true, Image",
    "machineosbuilds, MachineOSBuild, mosb, true, Succeeded"
  })
  void crdMatchesTheContract(
      String plural, String kind, String shortName, boolean statusSubresource, String column)
      throws Exception {
    JsonNode crd = crd(plural);
    JsonNode spec = crd.path("spec");
    assertThat(spec.path("group").asText()).isEqualTo("machineconfiguration.openshift.io");
    assertThat(spec.path("scope").asText()).isEqualTo("Cluster");
    assertThat(spec.path("names").path("kind").asText()).isEqualTo(kind);
    assertThat(spec.path("names").path("shortNames").get(0).asText()).isEqualTo(shortName);
    JsonNode version = spec.path("versions").get(0);
    assertThat(version.path("name").asText()).isEqualTo("v1");
    assertThat(version.path("subresources").has("status")).isEqualTo(statusSubresource);
    List<String> columns = new ArrayList<>();
    version.path("additionalPrinterColumns").forEach(c -> columns.add(c.path("name").asText()));
    assertThat(columns).contains(column, "Age");
  }

  @ParameterizedTest
  @CsvSource({"machineconfigs", "machineconfigpools", "machineosconfigs", "machineosbuilds"})
  void deployDirectoryHoldsTheGeneratedCrd(String plural) throws Exception {
    String name = plural + ".machineconfiguration.openshift.io-v1.yml";
    Path shipped = Path.of("..", "deploy", "crds", name);
    try (InputStream in =
        CrdGenerationTest.class.getResourceAsStream("/META-INF/fabric8/" + name)) {
      assertThat(Files.readString(shipped)).isEqualTo(new String(in.readAllBytes(), "UTF-8"));
    }
  }
}
