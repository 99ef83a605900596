package io.ocelot.apiserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ListKindsTest {
  final List<ApiResource> all = Discovery.resources(List.of(DiscoveryTest.CRD));

  @Test
  void namesListsByTheirResource() {
    assertThat(ListKinds.of("/api/v1/events?fieldSelector=x", all))
        .contains(new ListKinds.ListType("v1", "EventList"));
    assertThat(ListKinds.of("/api/v1/namespaces/default/pods", all))
        .contains(new ListKinds.ListType("v1", "PodList"));
    assertThat(ListKinds.of("/api/v1/namespaces", all))
        .contains(new ListKinds.ListType("v1", "NamespaceList"));
    assertThat(ListKinds.of("/apis/example.com/v1/namespaces/a/widgets", all))
        .contains(new ListKinds.ListType("example.com/v1", "WidgetList"));
  }

  @Test
  void objectsAndUnknownResourcesAreNotLists() {
    assertThat(ListKinds.of("/api/v1/nodes/worker-0", all)).isEmpty();
    assertThat(ListKinds.of("/api/v1/namespaces/default/pods/p", all)).isEmpty();
    assertThat(ListKinds.of("/apis/example.com/v1/gadgets", all)).isEmpty();
    assertThat(ListKinds.of("/version", all)).isEmpty();
  }
}
