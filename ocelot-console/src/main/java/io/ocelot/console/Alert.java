package io.ocelot.console;

/** An alert as the console shows it: name, the node it is about (may be empty), severity. */
public record Alert(String name, String node, String severity) {}
