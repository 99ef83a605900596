package io.ocelot.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

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
            u -> assertThat(u.reason()).startsWith("malformed YAML/JSON: ").contains("line"));
    assertThat(Manifests.read("")).isEqualTo(new Manifests.Unreadable("no objects found"));
    assertThat(Manifests.read("- a\n- b\n"))
        .isEqualTo(new Manifests.Unreadable("not a Kubernetes object (expected a mapping)"));
  }
}
