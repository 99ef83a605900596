package io.ocelot.api.events;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which events are repeats, as client-go's event correlator decides: the same event (object, type,
 * reason, message) again within {@link #WINDOW} of its last occurrence is not a new Event object
 * but the same one with its count raised and its lastTimestamp moved — a retry under backoff or a
 * drain blocked for minutes is one event with a count, not one object per attempt. Pure: the caller
 * writes, and tells what it wrote. {@code E} is the stored event as the caller holds it.
 */
public final class EventSeries<E> {
  /** How long after its last occurrence an event may still be counted up. */
  public static final Duration WINDOW = Duration.ofMinutes(10);

  /** Events remembered at most (the least recently seen go first). */
  static final int REMEMBERED = 256;

  /** What makes two events the same. */
  public record Key(String objectUid, String type, String reason, String message) {}

  /** The stored event of a series and how often it occurred. */
  public record Occurrence<E>(E stored, int count, Instant last) {}

  private final Map<Key, Occurrence<E>> seen =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Occurrence<E>> eldest) {
          return size() > REMEMBERED;
        }
      };

  /** The series {@code key} continues at {@code now}, if any: count it up instead of creating. */
  public synchronized Optional<Occurrence<E>> repeats(Key key, Instant now) {
    Occurrence<E> o = seen.get(key);
    if (o == null || now.isAfter(o.last().plus(WINDOW))) {
      return Optional.empty();
    }
    return Optional.of(o);
  }

  /** The caller wrote {@code stored}: the event's {@code count}-th occurrence, at {@code now}. */
  public synchronized void wrote(Key key, E stored, int count, Instant now) {
    seen.put(key, new Occurrence<>(stored, count, now));
  }

  /**
   * The merge patch that makes a stored core/v1 Event the {@code count}-th occurrence, last at
   * {@code now} (client-go's update of a correlated event).
   */
  public static String countPatch(int count, Instant now) {
    return "{\"count\":" + count + ",\"lastTimestamp\":\"" + now + "\"}";
  }

  /** The stored event is gone (deleted, expired): the next occurrence starts a new one. */
  public synchronized void forget(Key key) {
    seen.remove(key);
  }
}
