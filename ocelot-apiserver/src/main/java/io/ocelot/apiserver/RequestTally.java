package io.ocelot.apiserver;

import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.net.URI;
import java.util.Optional;

/**
 * Counts the requests the clients it is installed in send, by verb and resource, as {@link
 * RequestCounts} keys: a caller's own share of the load, which the server's metrics do not tell
 * apart by caller (the benchmark's "Ocelot's requests per node update"). Counted as sent, a watch
 * once per (re)start, refusals not apart.
 */
public final class RequestTally implements Interceptor {
  private final RequestStats stats = new RequestStats();

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    stats.record(request.method(), pathAndQuery(request.uri()), 0);
  }

  /** What was sent so far. */
  public RequestCounts counts() {
    return new RequestCounts(stats.snapshot());
  }

  /** Installs {@code tally}, when there is one, in a client about to be built. */
  static KubernetesClientBuilder install(
      KubernetesClientBuilder builder, Optional<RequestTally> tally) {
    return tally
        .map(
            t ->
                builder.withHttpClientBuilderConsumer(
                    b -> b.addOrReplaceInterceptor("ocelot-request-tally", t)))
        .orElse(builder);
  }

  static String pathAndQuery(URI uri) {
    return uri.getRawQuery() == null
        ? uri.getRawPath()
        : uri.getRawPath() + "?" + uri.getRawQuery();
  }
}
