package io.ocelot.apiserver;

import java.time.Duration;

/**
 * A fault {@link ApiFaultProxy} injects, as a busy, flaky or restarting API server shows them. Each
 * applies to requests whose method and path match ({@code "*"} any method, the path part a
 * substring), with a probability drawn from the proxy's seeded random.
 */
public sealed interface ApiFault {
  String method();

  String pathPart();

  double probability();

  /** An error answer instead of the real one: 409 Conflict, 429 (Retry-After 1), 500. */
  record Status(String method, String pathPart, double probability, int code) implements ApiFault {}

  /** The answer, but {@code delay} late. */
  record Slow(String method, String pathPart, double probability, Duration delay)
      implements ApiFault {}

  /** A watch stream cut (the connection closed) {@code after} it started. */
  record DropWatch(String pathPart, double probability, Duration after) implements ApiFault {
    @Override
    public String method() {
      return "GET";
    }
  }

  /**
   * A watch that resumes from a resourceVersion answered 410 Gone ("too old resource version"), as
   * after an etcd compaction: the client must list again.
   */
  record Gone(String pathPart, double probability) implements ApiFault {
    @Override
    public String method() {
      return "GET";
    }
  }
}
