package io.ocelot.daemon.txn;

import io.ocelot.daemon.host.HostException;
import java.util.List;
import java.util.Optional;

/**
 * An executable step. {@link #observe} reads the pre-image and says how to restore it; only after
 * the journal holds that does the engine call {@link Prepared#apply}.
 */
interface Action {
  Category category();

  String summary();

  /**
   * Reads the host and prepares the step. {@code stagedSlotOwned} is true when an earlier step of
   * this transaction already owns the staged deployment (and will discard it on undo).
   */
  Prepared observe(HostContext host, boolean stagedSlotOwned) throws HostException;

  /** An action from its category, summary and how it observes the host. */
  static Action of(Category category, String summary, Observer observer) {
    return new Action() {
      @Override
      public Category category() {
        return category;
      }

      @Override
      public String summary() {
        return summary;
      }

      @Override
      public Prepared observe(HostContext host, boolean stagedSlotOwned) throws HostException {
        return observer.observe(host, stagedSlotOwned);
      }
    };
  }

  /** The observe step of an action. */
  @FunctionalInterface
  interface Observer {
    Prepared observe(HostContext host, boolean stagedSlotOwned) throws HostException;
  }

  /** A step ready to run: its restorations, an optional note, and the change itself. */
  interface Prepared {
    List<Restoration> restorations();

    Optional<String> note();

    void apply() throws HostException;

    static Prepared of(List<Restoration> restorations, Optional<String> note, Change change) {
      return new Prepared() {
        @Override
        public List<Restoration> restorations() {
          return restorations;
        }

        @Override
        public Optional<String> note() {
          return note;
        }

        @Override
        public void apply() throws HostException {
          change.run();
        }
      };
    }
  }

  /** The host change of a step. */
  @FunctionalInterface
  interface Change {
    void run() throws HostException;
  }
}
