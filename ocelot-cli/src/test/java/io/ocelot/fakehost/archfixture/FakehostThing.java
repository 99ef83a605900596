package io.ocelot.fakehost.archfixture;

/** A fake-host class for the fixtures to depend on. */
public final class FakehostThing {}
