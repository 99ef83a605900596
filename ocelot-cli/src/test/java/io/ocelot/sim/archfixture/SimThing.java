package io.ocelot.sim.archfixture;

/** A simulator class for the fixtures to depend on. */
public final class SimThing {}
