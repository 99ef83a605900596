package io.ocelot.controller.generated;

/** A file a generated MachineConfig writes (root-owned, mode 0644, overwriting). */
record GeneratedFile(String path, String contents) {}
