package io.ocelot.daemon.plan;

import java.util.List;

/** The post-config action of a change and, per changed item, why. */
public record Disruption(PostAction action, List<Reason> reasons) {
  public static final Disruption NONE = new Disruption(PostAction.NONE, List.of());

  public Disruption {
    reasons = List.copyOf(reasons);
  }

  /** One changed item (e.g. {@code file /etc/chrony.conf}) and its cause. */
  public record Reason(String item, DisruptionCause cause) {
    @Override
    public String toString() {
      return item + ": " + cause.action().description() + " (" + cause.note() + ")";
    }
  }
}
