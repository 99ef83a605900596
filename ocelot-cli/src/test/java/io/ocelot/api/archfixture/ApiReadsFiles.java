package io.ocelot.api.archfixture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Violates "api does no I/O". */
public final class ApiReadsFiles {
  public String read(Path p) throws IOException {
    return Files.readString(p);
  }
}
