package io.ocelot.api.events;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which events are repeats, as client-go's event correlator decides: the same event (object, type,
 * reason, message) again within {@link #WINDOW} of its last occurrence is not a new Event object
 * but the same one with its series counted up (events.k8s.io/v1's {@code series}) — a retry under
 * backoff or a drain blocked for minutes is one event with a count, not one object per attempt. No
 * client here: the caller's {@link Store} writes. {@code E} is the stored event as the caller holds
 * it.
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

  /** Where the caller keeps its events; each may throw what its client throws. */
  public interface Store<E> {
    /** Creates the event as a first occurrence (count 1). */
    E create();

    /** Makes the stored event the {@code count}-th occurrence, last at {@code now}; returns it. */
    E patch(E stored, int count, Instant now);
  }

  private final Map<Key, Occurrence<E>> seen =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Occurrence<E>> eldest) {
          return size() > REMEMBERED;
        }
      };

  /**
   * Records one occurrence of {@code key} at {@code now}: a repeat counts the stored event up in
   * one merge patch; a first occurrence — or a repeat whose stored event is gone (expired, deleted:
   * the patch fails) — creates one. Throws what {@code store} throws on create.
   */
  public E record(Key key, Instant now, Store<E> store) {
    Optional<Occurrence<E>> repeat = repeats(key, now);
    if (repeat.isPresent()) {
      int count = repeat.get().count() + 1;
      try {
        E stored = store.patch(repeat.get().stored(), count, now);
        wrote(key, stored, count, now);
        return stored;
      } catch (RuntimeException gone) {
        forget(key);
      }
    }
    E created = store.create();
    wrote(key, created, 1, now);
    return created;
  }

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

  /** The stored event is gone (deleted, expired): the next occurrence starts a new one. */
  public synchronized void forget(Key key) {
    seen.remove(key);
  }
}
