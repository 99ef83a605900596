package io.ocelot.controller.policy;

import java.io.IOException;
import java.util.List;

/** The alerts firing in a Prometheus: the alert gate's one input, a port for tests. */
public interface AlertSource {

  /** A firing alert: its name and the node it is about, if any. */
  record Firing(String name, String node) {}

  /** The alerts firing now in the Prometheus at {@code baseUrl}. */
  List<Firing> firing(String baseUrl) throws IOException;
}
