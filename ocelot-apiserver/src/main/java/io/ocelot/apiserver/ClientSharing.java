package io.ocelot.apiserver;

import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientFactory;
import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientImpl;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.ocelot.runtime.BackgroundThreads;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * What many fabric8 clients of one server can share without sharing who they are. Each client keeps
 * its token, its interceptors and its open/closed state; they share
 *
 * <ul>
 *   <li>connections: a few JDK HTTP clients, each one HTTP/2 connection with one selector thread
 *       (watches go over HTTP, not a WebSocket of their own);
 *   <li>the JSON mapper with its (de)serializer caches: fabric8 builds one per client, and every
 *       new client introspects Node, Event and the rest again;
 *   <li>the threads that run their requests' and informers' callbacks.
 * </ul>
 *
 * <p>The simulator's daemons each had all of these of their own, and built them again after every
 * simulated reboot: with a thousand workers most of the heap was Jackson's caches and the restarted
 * daemons' threads the JVM's largest CPU share (docs/performance.md). A real daemon runs on its own
 * node with its own; this is the simulator's economy, not the daemon's.
 *
 * <p>A client goes through connection {@code floorMod(key.hashCode(), connections)}, so one node's
 * daemon keeps its connection across restarts. The first client built on a connection sets its TLS
 * settings; every client of it must trust the same server. The server must allow as many concurrent
 * streams per connection as the clients on it open (watches included): Java's client fails a stream
 * beyond the server's limit instead of opening another connection (JDK-8225647).
 */
public final class ClientSharing implements AutoCloseable {
  private final java.net.http.HttpClient[] connections;
  private final ExecutorService executor;
  private final KubernetesSerialization serialization = new KubernetesSerialization();

  /** A member's place: which connection it uses. */
  public record Member(ClientSharing sharing, String key) {
    /** Makes {@code builder}'s client share what {@link ClientSharing} shares. */
    public KubernetesClientBuilder applyTo(KubernetesClientBuilder builder) {
      return builder
          .withHttpClientFactory(sharing.new Transport(sharing.slot(key)))
          .withKubernetesSerialization(sharing.serialization)
          .withTaskExecutor(sharing.executor);
    }
  }

  /** {@code connections} connections, each built when its first client asks for it. */
  public ClientSharing(int connections) {
    if (connections < 1) {
      throw new IllegalArgumentException("connections must be at least 1: " + connections);
    }
    this.connections = new java.net.http.HttpClient[connections];
    this.executor = Executors.newCachedThreadPool(threads());
  }

  /** The member keyed {@code key} (for the sim's daemons: the node's name). */
  public Member member(String key) {
    return new Member(this, key);
  }

  /** How many connections were opened so far (each at most once). */
  public synchronized int opened() {
    int n = 0;
    for (java.net.http.HttpClient c : connections) {
      n += c == null ? 0 : 1;
    }
    return n;
  }

  /** Stops the threads the members share; close the members first. */
  @Override
  public void close() {
    executor.shutdownNow();
  }

  private int slot(String key) {
    return Math.floorMod(key.hashCode(), connections.length);
  }

  private synchronized java.net.http.HttpClient connection(
      int slot, java.net.http.HttpClient.Builder settings) {
    if (connections[slot] == null) {
      connections[slot] = settings.executor(executor).build();
    }
    return connections[slot];
  }

  private static ThreadFactory threads() {
    return BackgroundThreads.numbered("shared-client");
  }

  /**
   * fabric8's JDK transport whose "new" JDK client is a shared one, never shut down by a client.
   */
  private final class Transport extends JdkHttpClientFactory {
    private final int slot;

    Transport(int slot) {
      this.slot = slot;
    }

    @Override
    protected java.net.http.HttpClient.Builder createNewHttpClientBuilder() {
      return new Reusing(slot, java.net.http.HttpClient.newBuilder());
    }

    @Override
    protected void closeHttpClient(JdkHttpClientImpl client) {
      // The connection outlives its clients: ClientSharing.close() ends it.
    }
  }

  /** Takes the settings fabric8 gives a new client; builds the slot's connection only once. */
  private final class Reusing implements java.net.http.HttpClient.Builder {
    private final int slot;
    private final java.net.http.HttpClient.Builder settings;

    Reusing(int slot, java.net.http.HttpClient.Builder settings) {
      this.slot = slot;
      this.settings = settings;
    }

    @Override
    public java.net.http.HttpClient build() {
      return connection(slot, settings);
    }

    @Override
    public Reusing cookieHandler(CookieHandler cookieHandler) {
      settings.cookieHandler(cookieHandler);
      return this;
    }

    @Override
    public Reusing connectTimeout(Duration duration) {
      settings.connectTimeout(duration);
      return this;
    }

    @Override
    public Reusing sslContext(SSLContext sslContext) {
      settings.sslContext(sslContext);
      return this;
    }

    @Override
    public Reusing sslParameters(SSLParameters sslParameters) {
      settings.sslParameters(sslParameters);
      return this;
    }

    @Override
    public Reusing executor(Executor executor) {
      // Every connection runs on the shared executor.
      return this;
    }

    @Override
    public Reusing followRedirects(java.net.http.HttpClient.Redirect policy) {
      settings.followRedirects(policy);
      return this;
    }

    @Override
    public Reusing version(java.net.http.HttpClient.Version version) {
      settings.version(version);
      return this;
    }

    @Override
    public Reusing priority(int priority) {
      settings.priority(priority);
      return this;
    }

    @Override
    public Reusing proxy(ProxySelector proxySelector) {
      settings.proxy(proxySelector);
      return this;
    }

    @Override
    public Reusing authenticator(Authenticator authenticator) {
      settings.authenticator(authenticator);
      return this;
    }
  }
}
