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
    return crd(plural, "machineconfiguration.openshift.io");
  }

  static JsonNode crd(String plural, String group) throws Exception {
    String resource = "/META-INF/fabric8/" + plural + "." + group + "-v1.yml";
    try (InputStream in = CrdGenerationTest.class.getResourceAsStream(resource)) {
      assertThat(in).as("generated CRD " + resource).isNotNull();
      return Json.YAML.readTree(in);
    }
  }

  @ParameterizedTest
  @CsvSource({
    "machineconfigs, MachineConfig, mc, false, IgnitionVersion",
    "machineconfigpools, MachineConfigPool, mcp, true, UpdatedMachineCount",
    "machineosconfigs, MachineOSConfig, mosc, true, Pool",
    "machineosbuilds, MachineOSBuild, mosb, true, Succeeded",
    "machineconfignodes, MachineConfigNode, mcn, true, UpdatedFilesAndOS"
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
  @CsvSource({
    "machineconfigs",
    "machineconfigpools",
    "machineosconfigs",
    "machineosbuilds",
    "machineconfignodes",
    "pinnedimagesets",
    "machineconfigurations.operator.openshift.io"
  })
  void deployDirectoryHoldsTheGeneratedCrd(String plural) throws Exception {
    String name =
        plural + (plural.contains(".") ? "" : ".machineconfiguration.openshift.io") + "-v1.yml";
    Path shipped = Path.of("..", "deploy", "crds", name);
    try (InputStream in =
        CrdGenerationTest.class.getResourceAsStream("/META-INF/fabric8/" + name)) {
      assertThat(Files.readString(shipped)).isEqualTo(new String(in.readAllBytes(), "UTF-8"));
    }
  }

  static List<String> columns(String plural, int priority) throws Exception {
    List<String> columns = new ArrayList<>();
    crd(plural)
        .path("spec")
        .path("versions")
        .get(0)
        .path("additionalPrinterColumns")
        .forEach(
            c -> {
              if (c.path("priority").asInt() == priority) {
                columns.add(c.path("name").asText());
              }
            });
    return columns;
  }

  /** Admins' scripts parse {@code oc get}'s columns: upstream's order, not the generator's. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "machineconfigs|0|GeneratedByController,IgnitionVersion,Age",
        "machineconfigpools|0|Config,Updated,Updating,Degraded,MachineCount,ReadyMachineCount,"
            + "UpdatedMachineCount,DegradedMachineCount,Age",
        "machineosconfigs|0|Age",
        "machineosconfigs|1|Pool,Image",
        "machineosbuilds|0|Prepared,Building,Succeeded,Interrupted,Failed,Age",
        "machineconfignodes|0|PoolName,DesiredConfig,CurrentConfig,Updated,Age",
        "machineconfignodes|1|UpdatePrepared,UpdateExecuted,UpdatePostActionComplete,"
            + "UpdateComplete,Resumed,UpdatedFilesAndOS,CordonedNode,DrainedNode,RebootedNode,"
            + "UncordonedNode"
      })
  void printerColumnsAreInUpstreamsOrder(String plural, int priority, String expected)
      throws Exception {
    assertThat(columns(plural, priority)).containsExactly(expected.split(","));
  }

  @org.junit.jupiter.api.Test
  void machineConfigNodeConditionsAreAListMapKeyedByTypeAndTheNameMustMatchTheNode()
      throws Exception {
    JsonNode schema = crd("machineconfignodes").path("spec").path("versions").get(0).path("schema");
    JsonNode root = schema.path("openAPIV3Schema");
    JsonNode conditions =
        root.path("properties").path("status").path("properties").path("conditions");
    assertThat(conditions.path("x-kubernetes-list-type").asText()).isEqualTo("map");
    assertThat(conditions.path("x-kubernetes-list-map-keys").toString()).isEqualTo("[\"type\"]");
    assertThat(conditions.path("maxItems").asInt()).isEqualTo(20);
    assertThat(conditions.path("items").path("required").toString()).contains("\"type\"");
    assertThat(root.path("x-kubernetes-validations").toString())
        .contains("self.metadata.name == self.spec.node.name");
    assertThat(
            root.path("properties")
                .path("status")
                .path("properties")
                .path("observedGeneration")
                .path("x-kubernetes-validations")
                .toString())
        .contains("self >= oldSelf");
  }

  @org.junit.jupiter.api.Test
  void machineConfigurationKeysItsPoliciesByPathAndNameAndStatesEachRuleOnce() throws Exception {
    JsonNode crd = crd("machineconfigurations", "operator.openshift.io");
    assertThat(crd.path("spec").path("scope").asText()).isEqualTo("Cluster");
    JsonNode version = crd.path("spec").path("versions").get(0);
    assertThat(version.path("subresources").has("status")).isTrue();
    JsonNode root = version.path("schema").path("openAPIV3Schema");
    JsonNode policy = root.at("/properties/spec/properties/nodeDisruptionPolicy/properties");
    assertThat(policy.at("/files/x-kubernetes-list-map-keys").toString()).isEqualTo("[\"path\"]");
    assertThat(policy.at("/units/x-kubernetes-list-map-keys").toString()).isEqualTo("[\"name\"]");
    assertThat(policy.at("/files/maxItems").asInt()).isEqualTo(50);
    JsonNode clusterPolicies =
        root.at(
            "/properties/status/properties/nodeDisruptionPolicyStatus/properties/clusterPolicies"
                + "/properties");
    assertThat(clusterPolicies.at("/files/x-kubernetes-list-type").asText()).isEqualTo("map");
    assertThat(root.path("x-kubernetes-validations").toString())
        .contains("self.metadata.name == 'cluster'");
    // A record component's rule reaches the field and the accessor; the finisher keeps it once.
    JsonNode pathRules = policy.at("/files/items/properties/path/x-kubernetes-validations");
    assertThat(pathRules).hasSize(1);
    assertThat(policy.at("/files/items/properties/actions/x-kubernetes-validations")).hasSize(1);
  }
}
