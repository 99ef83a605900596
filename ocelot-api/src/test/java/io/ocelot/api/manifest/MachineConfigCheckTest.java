package io.ocelot.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.ignition.Problem;
import io.ocelot.api.json.Json;
import org.junit.jupiter.api.Test;

class MachineConfigCheckTest {

  static JsonNode yaml(String text) throws Exception {
    return Json.YAML.readTree(text);
  }

  @Test
  void aValidConfigBindsToTheModel() throws Exception {
    CheckResult<?> r =
        MachineConfigCheck.check(
            yaml(
                """
                apiVersion: machineconfiguration.openshift.io/v1
                kind: MachineConfig
                metadata: {name: 50-x, labels: {machineconfiguration.openshift.io/role: worker}}
                spec:
                  osImageURL: quay.io/os@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
                  kernelArguments: [nosmt]
                  config: {ignition: {version: 3.5.0}}
                """));
    assertThat(r.problems()).isEmpty();
    assertThat(r.isValid()).isTrue();
    assertThat(r.object()).isPresent();
    assertThat(r.name()).isEqualTo("50-x");
  }

  @Test
  void objectAndSpecProblemsAreAllReportedWithPaths() throws Exception {
    CheckResult<?> r =
        MachineConfigCheck.check(
            yaml(
                """
                apiVersion: v1
                kind: MachineConfig
                metadata: {name: Bad_Name, namespace: default}
                spec:
                  osImageURL: quay.io/os:latest
                  kernelType: turbo
                  extensions: [emacs]
                  kernelArguments: ["", 3]
                  fips: "yes"
                  colour: blue
                  config: {ignition: {version: 3.5.0}, storage: {files: [{path: x}]}}
                """));
    assertThat(r.problems())
        .extracting(Problem::toString)
        .containsExactly(
            "apiVersion: must be machineconfiguration.openshift.io/v1, got \"v1\"",
            "metadata.name: \"Bad_Name\" is not a valid name: lower case letters, digits, '-' and"
                + " '.', at most 253 characters",
            "metadata.namespace: MachineConfig is cluster-scoped; remove the namespace",
            "spec.colour: unknown field (ignored)",
            "spec.config.storage.files[0].path: \"x\" must be absolute and normalized",
            "spec.osImageURL: osImageURL \"quay.io/os:latest\" is not a digest; using a digest is"
                + " recommended",
            "spec.kernelArguments[1]: must be a string",
            "spec.kernelArguments[0]: empty kernel argument",
            "spec.kernelType: kernelType=turbo is invalid",
            "spec.extensions: invalid extensions found: [emacs]",
            "spec.fips: must be true or false");
    assertThat(r.isValid()).isFalse();
    assertThat(r.object()).isEmpty();
  }

  /** {@code --strict-mco}: Ocelot's own errors are MCO warnings; MCO's {} refusal is an error. */
  @Test
  void mcosVerdictWeighsOcelotsOwnRulesAsWarnings() throws Exception {
    JsonNode stricter =
        yaml(
            """
            apiVersion: machineconfiguration.openshift.io/v1
            kind: MachineConfig
            metadata: {name: 50-x}
            spec:
              osImageURL: "quay.io/os@sha256:abc"
              kernelArguments: ["a=\\u0007"]
              config:
                ignition: {version: 3.5.0}
                storage:
                  files:
                  - {path: /etc/k, contents: {source: "https://example.com/k"}}
                passwd: {users: [{name: core, passwordHash: plain}]}
            """);
    CheckResult<?> ocelot = MachineConfigCheck.check(stricter);
    assertThat(ocelot.errors()).hasSize(4).allMatch(Problem::ocelotOnly);
    CheckResult<?> mco = MachineConfigCheck.checkAsMco(stricter);
    assertThat(mco.isValid()).isTrue();
    assertThat(mco.problems())
        .hasSize(ocelot.problems().size())
        .allMatch(p -> !p.isError())
        .filteredOn(Problem::ocelotOnly)
        .hasSize(4)
        .allMatch(p -> p.message().endsWith(Problem.OCELOT_ONLY_NOTE));
    // A config a node could apply but never validate is Ocelot's refusal too.
    JsonNode neverValid =
        yaml(
            """
            apiVersion: machineconfiguration.openshift.io/v1
            kind: MachineConfig
            metadata: {name: 50-y}
            spec:
              config:
                ignition: {version: 3.5.0}
                storage: {files: [{path: /var/lib/ocelot/marker.json, contents: {source: "data:,x"}}]}
            """);
    assertThat(MachineConfigCheck.check(neverValid).errors())
        .singleElement()
        .matches(Problem::ocelotOnly);
    assertThat(MachineConfigCheck.checkAsMco(neverValid).isValid()).isTrue();

    JsonNode empty =
        yaml(
            """
            apiVersion: machineconfiguration.openshift.io/v1
            kind: MachineConfig
            metadata: {name: 50-empty}
            spec: {config: {}}
            """);
    assertThat(MachineConfigCheck.check(empty).isValid()).isTrue();
    assertThat(MachineConfigCheck.checkAsMco(empty).errors())
        .extracting(Problem::toString)
        .containsExactly("spec.config: " + MachineConfigCheck.MCO_EMPTY_CONFIG);
  }

  @Test
  void machineOsConfigNeedsPoolPushSpecAndSecret() throws Exception {
    CheckResult<?> r =
        MachineOSConfigCheck.check(
            yaml(
                """
                apiVersion: machineconfiguration.openshift.io/v1
                kind: MachineOSConfig
                metadata: {name: layered}
                spec:
                  imageBuilder: {imageBuilderType: PodImageBuilder}
                  containerFile: [{containerfileArch: X86, content: ""}]
                """));
    assertThat(r.errors())
        .extracting(Problem::toString)
        .containsExactly(
            "spec.machineConfigPool.name: missing",
            "spec.renderedImagePushSecret.name: missing",
            "spec.renderedImagePushSpec: missing",
            "spec.imageBuilder.imageBuilderType: must be Job, got \"PodImageBuilder\"",
            "spec.containerFile[0].containerfileArch: must be one of ARM64, AMD64, PPC64LE, S390X,"
                + " NoArch, got \"X86\"",
            "spec.containerFile[0].content: missing");
  }
}
