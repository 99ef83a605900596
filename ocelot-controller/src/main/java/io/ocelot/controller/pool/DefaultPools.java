package io.ocelot.controller.pool;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.controller.support.AdmissionRetry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * MCO's default pools, {@code master} and {@code worker}: a fresh install's controller creates the
 * ones that are missing, as MCO's operator does, so that it does not find zero pools. A pool that
 * exists is never touched: an admin's edits stay.
 */
public final class DefaultPools {
  public static final List<String> ROLES = List.of("master", "worker");

  /** How long a fresh install's admission policies may take to sync before a pool is written. */
  public static final Duration ADMISSION_PATIENCE = Duration.ofSeconds(30);

  private DefaultPools() {}

  /** The default pool of {@code role} ({@code master} or {@code worker}). */
  public static MachineConfigPool pool(String role) {
    String name = "pool-" + role + ".yaml";
    try (InputStream in = DefaultPools.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalArgumentException("no default pool for role " + role);
      }
      return Serialization.unmarshal(in, MachineConfigPool.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Creates the default pools that do not exist; returns the names it created. */
  public static List<String> ensure(KubernetesClient client) {
    List<String> created = new ArrayList<>();
    for (String role : ROLES) {
      if (client.resources(MachineConfigPool.class).withName(role).get() != null) {
        continue;
      }
      try {
        AdmissionRetry.write(
            () -> client.resources(MachineConfigPool.class).resource(pool(role)).create(),
            ADMISSION_PATIENCE);
        created.add(role);
      } catch (KubernetesClientException e) {
        // 409: someone created it meanwhile; theirs stays.
        if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
          throw e;
        }
      }
    }
    return created;
  }
}
