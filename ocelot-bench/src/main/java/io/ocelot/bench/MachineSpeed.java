package io.ocelot.bench;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * How fast this machine computes just now: the best of a few SHA-256 passes over 64 MiB on one
 * thread. A rollout benchmark keeps both cores busy, so its makespan follows the machine's speed,
 * and this machine's speed changes by a fifth from hour to hour; printed before and after a run, it
 * tells a slower machine from slower code.
 */
final class MachineSpeed {
  private static final int CHUNK = 1 << 20;
  private static final int CHUNKS = 64;
  private static final int ROUNDS = 8; // the first few are interpreted and compiled

  private MachineSpeed() {}

  /** Milliseconds for the best pass. */
  static double sha256Millis() {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
    byte[] chunk = new byte[CHUNK];
    long best = Long.MAX_VALUE;
    for (int round = 0; round < ROUNDS; round++) {
      long start = System.nanoTime();
      for (int i = 0; i < CHUNKS; i++) {
        sha.update(chunk);
      }
      chunk[round] = sha.digest()[0]; // the next pass hashes other bytes
      best = Math.min(best, System.nanoTime() - start);
    }
    return best / 1e6;
  }

  /** The figure as printed: {@code "46 ms"}. */
  static String describe(double millis) {
    return String.format("%.0f ms", millis);
  }
}
