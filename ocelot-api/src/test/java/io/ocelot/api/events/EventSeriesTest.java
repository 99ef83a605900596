package io.ocelot.api.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class EventSeriesTest {
  static final Instant T0 = Instant.parse("2026-12-05T10:00:00Z");
  static final EventSeries.Key FAILED =
      new EventSeries.Key("uid-1", "Warning", "UpdateFailed", "reboot command failed: …");

  final EventSeries<String> series = new EventSeries<>();

  static EventSeries.Key key(String uid, String type, String reason, String message) {
    return new EventSeries.Key(uid, type, reason, message);
  }

  @Test
  void theSameEventWithinTenMinutesOfItsLastIsARepeat() {
    assertThat(series.repeats(FAILED, T0)).isEmpty();
    series.wrote(FAILED, "worker-0.1", 1, T0);
    EventSeries.Occurrence<String> again = series.repeats(FAILED, T0.plusSeconds(60)).orElseThrow();
    assertThat(again.stored()).isEqualTo("worker-0.1");
    assertThat(again.count()).isEqualTo(1);
    series.wrote(FAILED, "worker-0.1", 2, T0.plusSeconds(60));
    // Ten minutes after the last occurrence, not the first: a steady retry stays one series.
    assertThat(series.repeats(FAILED, T0.plusSeconds(60).plus(Duration.ofMinutes(10))))
        .map(EventSeries.Occurrence::count)
        .contains(2);
    assertThat(series.repeats(FAILED, T0.plusSeconds(61).plus(Duration.ofMinutes(10)))).isEmpty();
  }

  @Test
  void anotherMessageReasonTypeOrObjectIsAnotherEvent() {
    series.wrote(FAILED, "worker-0.1", 1, T0);
    assertThat(series.repeats(key("uid-1", "Warning", "UpdateFailed", "other cause"), T0))
        .isEmpty();
    assertThat(series.repeats(key("uid-2", "Warning", "UpdateFailed", FAILED.message()), T0))
        .isEmpty();
    assertThat(series.repeats(key("uid-1", "Normal", "UpdateFailed", FAILED.message()), T0))
        .isEmpty();
    assertThat(series.repeats(key("uid-1", "Warning", "Drain", FAILED.message()), T0)).isEmpty();
  }

  @Test
  void aForgottenOrLongUnseenEventStartsAfresh() {
    series.wrote(FAILED, "worker-0.1", 3, T0);
    series.forget(FAILED);
    assertThat(series.repeats(FAILED, T0)).isEmpty();
    for (int i = 0; i <= EventSeries.REMEMBERED; i++) {
      series.wrote(key("uid-" + i, "Normal", "Drain", "m"), "e" + i, 1, T0);
    }
    assertThat(series.repeats(key("uid-0", "Normal", "Drain", "m"), T0)).isEmpty();
    assertThat(series.repeats(key("uid-1", "Normal", "Drain", "m"), T0)).isPresent();
  }

  /** A store that writes strings: what it created and patched, in order; it can lose its events. */
  static final class Strings implements EventSeries.Store<String> {
    final java.util.List<String> log = new java.util.ArrayList<>();
    boolean gone;
    int created;

    @Override
    public String create() {
      created++;
      log.add("create");
      return "event-" + created;
    }

    @Override
    public String patch(String stored, int count, Instant now) {
      if (gone) {
        log.add("patch failed");
        throw new IllegalStateException("404 " + stored);
      }
      log.add("patch " + stored + " to " + count + " at " + now);
      return stored;
    }
  }

  @Test
  void recordCreatesThenCountsUpAndCreatesAgainWhenTheStoredEventIsGone() {
    EventSeries.Key key = FAILED;
    Instant t0 = T0;
    Strings store = new Strings();
    assertThat(series.record(key, t0, store)).isEqualTo("event-1");
    assertThat(series.record(key, t0.plusSeconds(30), store)).isEqualTo("event-1");
    store.gone = true;
    assertThat(series.record(key, t0.plusSeconds(60), store)).isEqualTo("event-2");
    assertThat(store.log)
        .containsExactly(
            "create", "patch event-1 to 2 at 2026-12-05T10:00:30Z", "patch failed", "create");
    assertThat(series.repeats(key, t0.plusSeconds(61)).orElseThrow().count()).isEqualTo(1);
  }
}
