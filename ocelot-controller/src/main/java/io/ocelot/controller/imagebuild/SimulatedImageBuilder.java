package io.ocelot.controller.imagebuild;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The simulator's builder: a build "runs" for {@code duration} from its recorded start, then
 * succeeds with a digest computed from its inputs (same inputs, same digest) — or fails, for pools
 * it has been told to fail. Stateless apart from that, so a restarted controller finds its builds.
 */
public final class SimulatedImageBuilder implements ImageBuilder {
  private final Duration duration;
  private final Clock clock;
  private final Map<String, String> failing = new ConcurrentHashMap<>();
  private final SimulatedImageRegistry registry = new SimulatedImageRegistry();

  public SimulatedImageBuilder(Duration duration, Clock clock) {
    this.duration = duration;
    this.clock = clock;
  }

  /** Builds for {@code pool} that finish from now on fail with {@code reason}. */
  public void failBuilds(String pool, String reason) {
    failing.put(pool, reason);
  }

  public void succeedBuilds(String pool) {
    failing.remove(pool);
  }

  @Override
  public SimulatedImageRegistry registry() {
    return registry;
  }

  @Override
  public Optional<String> start(BuildRequest request) {
    return Optional.empty();
  }

  @Override
  public BuildState state(BuildRequest request, Instant started) {
    if (clock.instant().isBefore(started.plus(duration))) {
      return new Running();
    }
    Optional<String> fail = Optional.ofNullable(failing.get(request.pool()));
    if (fail.isPresent()) {
      return new Failed(fail.get());
    }
    return new Succeeded(digest(request));
  }

  /** sha256 over what the image is made of: the Containerfile (which names base and config). */
  static String digest(BuildRequest request) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(Containerfiles.of(request).getBytes(StandardCharsets.UTF_8));
      sha.update(request.rendered().getMetadata().getName().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK always has SHA-256", e);
    }
  }
}
