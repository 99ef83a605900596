package io.ocelot.fakehost.archfixture;

/** Violates "the fake host depends on nothing of ours". */
public final class FakehostUsesApi {
  public Object state() {
    return io.ocelot.api.node.NodeState.DONE;
  }
}
