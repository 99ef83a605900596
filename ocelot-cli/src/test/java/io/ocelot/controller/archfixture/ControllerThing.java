package io.ocelot.controller.archfixture;

/** A controller class for the fixtures to depend on. */
public final class ControllerThing {}
