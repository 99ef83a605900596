package io.ocelot.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class ManifestsTest {

  @Test
  void readsSingleObjectsMultipleDocumentsAndLists() {
    Manifests.Read one =
        (Manifests.Read) Manifests.read("kind: MachineConfig\nmetadata: {name: a}\n");
    assertThat(one.manifests()).extracting(Manifests.Manifest::name).containsExactly("a");
    assertThat(one.manifests().get(0).location()).isEmpty();

    Manifests.Read docs =
        (Manifests.Read)
            Manifests.read(
                "kind: A\nmetadata: {name: a}\n---\n---\nkind: B\nmetadata: {name: b}\n");
    assertThat(docs.manifests())
        .extracting(Manifests.Manifest::location)
        .containsExactly("document 1", "document 2");

    Manifests.Read list =
        (Manifests.Read)
            Manifests.read(
                "{\"kind\":\"List\",\"items\":[{\"kind\":\"MachineConfig\",\"metadata\":{\"name\":\"x\"}},"
                    + "{\"kind\":\"MachineConfig\",\"metadata\":{\"name\":\"y\"}}]}");
    assertThat(list.manifests())
        .extracting(Manifests.Manifest::location)
        .containsExactly("items[0]", "items[1]");
    assertThat(list.manifests()).extracting(Manifests.Manifest::kind).containsOnly("MachineConfig");
  }

  @Test
  void unreadableTextSaysWhy() {
    assertThat(Manifests.read("kind: [unclosed\n"))
        .isInstanceOfSatisfying(
            Manifests.Unreadable.class,
            u -> assertThat(u.reason()).startsWith("malformed YAML: ").contains("line"));
    assertThat(Manifests.read("")).isEqualTo(new Manifests.Unreadable("no objects found"));
    assertThat(Manifests.read("- a\n- b\n"))
        .isEqualTo(new Manifests.Unreadable("not a Kubernetes object (expected a mapping)"));
  }

  private static JsonNode only(String text) {
    Manifests.ReadResult r = Manifests.read(text);
    assertThat(r).isInstanceOf(Manifests.Read.class);
    return ((Manifests.Read) r).manifests().get(0).object();
  }

  private static String refused(String text) {
    Manifests.ReadResult r = Manifests.read(text);
    assertThat(r).isInstanceOf(Manifests.Unreadable.class);
    return ((Manifests.Unreadable) r).reason();
  }

  @Test
  void aliasesAreExpandedAsYamlDefinesThem() {
    JsonNode o =
        only(
            """
            kind: MachineConfig
            metadata: {name: a}
            x-unit: &unit "[Unit]\\nDescription=x\\n"
            x-args: &args [nosmt, quiet]
            spec:
              kernelArguments: [*args, &karg mitigations=off, *karg]
              config: {contents: *unit}
            """);
    assertThat(o.at("/spec/config/contents").asText()).isEqualTo("[Unit]\nDescription=x\n");
    assertThat(o.at("/spec/kernelArguments").toString())
        .isEqualTo("[[\"nosmt\",\"quiet\"],\"mitigations=off\",\"mitigations=off\"]");
  }

  @Test
  void theBillionLaughsIsRefusedQuickly() {
    StringBuilder doc = new StringBuilder("kind: A\nl0: &l0 [lol, lol, lol, lol, lol, lol]\n");
    for (int i = 1; i < 40; i++) {
      doc.append("l").append(i).append(": &l").append(i).append(" [*l").append(i - 1);
      doc.append(", *l").append(i - 1).append("]\n");
    }
    assertThat(refused(doc.toString()))
        .startsWith("malformed YAML: the document expands to more than 250000 nodes at line");
    StringBuilder wide = new StringBuilder("kind: A\na: &a [x]\nb: [");
    wide.append("*a, ".repeat(200)).append("*a]\n");
    assertThat(refused(wide.toString())).startsWith("malformed YAML: ").contains("aliases");
  }

  @Test
  void anAliasInsideItsOwnAnchorIsRefused() {
    assertThat(refused("kind: A\na: &a [x, *a]\n"))
        .isEqualTo(
            "malformed YAML: alias *a refers to a node that contains it at line 2, column 4");
  }

  @Test
  void duplicateKeysAreRefusedInYamlAndJson() {
    assertThat(refused("kind: A\nmetadata:\n  name: a\n  name: b\n"))
        .isEqualTo(
            "malformed YAML: duplicate key \"name\" at line 4, column 3 (first at line 3, column"
                + " 3)");
    assertThat(refused("{\"kind\": \"A\", \"kind\": \"B\"}"))
        .startsWith("malformed JSON: Duplicate field 'kind' at line 1");
  }

  @Test
  void mergeKeysAreRefusedNotKeptAsAKey() {
    assertThat(refused("kind: A\nbase: &b {x: 1}\nspec:\n  <<: *b\n"))
        .isEqualTo(
            "malformed YAML: merge keys (<<) are not supported; write the keys out at line 4,"
                + " column 3");
    assertThat(only("kind: A\nspec: {\"<<\": 1}\n").at("/spec/<<").asInt()).isEqualTo(1);
  }

  @Test
  void plainScalarsKeepTheirYaml11Meaning() {
    JsonNode o =
        only(
            "kind: A\nv: [0644, '0644', yes, on, 'yes', No, 1_000, 0x1F, 0b101, .5, 1e3, -7,"
                + " ~, null, 12:30, 2024-01-01, 08, !!str 5, !!int '7', y]\n");
    assertThat(o.get("v").toString())
        .isEqualTo(
            "[420,\"0644\",true,true,\"yes\",false,1000,31,5,0.5,1000.0,-7,null,null,"
                + "\"12:30\",\"2024-01-01\",\"08\",\"5\",7,\"y\"]");
    assertThat(refused("kind: A\nv: !!int seven\n"))
        .isEqualTo(
            "malformed YAML: \"seven\" is not a valid tag:yaml.org,2002:int at line 2, column 4");
  }

  @Test
  void jsonIsReadAsJson() {
    JsonNode o = only(" \n{\"kind\": \"A\", \"v\": [0644]}".replace("0644", "644"));
    assertThat(o.get("v").toString()).isEqualTo("[644]");
    assertThat(refused("{\"kind\": \"A\", \"v\": 0644}")).startsWith("malformed JSON: ");
  }

  @Test
  void aLargeScalarIsReadInOnePass() {
    String big = "x".repeat(5 * 1024 * 1024);
    assertThat(only("kind: A\nv: \"" + big + "\"\n").get("v").asText()).hasSize(big.length());
    assertThat(only("{\"kind\": \"A\", \"v\": \"" + big + "\"}").get("v").asText())
        .hasSize(big.length());
  }
}
