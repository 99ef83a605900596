package io.ocelot.console;

import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.model.MachineConfigPoolCondition;
import io.ocelot.api.model.PoolConditionType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The controller's alerts for a console without Prometheus: derived from each pool's conditions,
 * the way the {@code mcc_pool_condition} gauge behind them is set (no {@code for:} delay). An admin
 * found them missing on the console while {@code /metrics} had them.
 */
public final class PoolAlerts {
  /** Pool condition → the alert of monitoring/rules.yml that reads it. */
  static final Map<String, String> BY_CONDITION =
      Map.of(
          PoolConditionType.ROLLOUT_HALTED,
          "OcelotRolloutHalted",
          "Degraded",
          "OcelotPoolDegraded");

  private PoolAlerts() {}

  /** The alerts of {@code pools}, on {@code pool/<name>}, by alert then pool. */
  public static List<Alert> of(List<MachineConfigPool> pools) {
    List<Alert> out = new ArrayList<>();
    for (MachineConfigPool p : pools) {
      List<MachineConfigPoolCondition> conditions =
          Optional.ofNullable(p.getStatus()).map(s -> s.getConditions()).orElse(List.of());
      for (MachineConfigPoolCondition c : conditions) {
        String alert = BY_CONDITION.get(c.getType());
        if (alert != null && "True".equals(c.getStatus())) {
          out.add(new Alert(alert, Alert.onPool(p.getMetadata().getName()), "warning"));
        }
      }
    }
    out.sort(java.util.Comparator.comparing(Alert::name).thenComparing(Alert::node));
    return out;
  }

  /** {@code first} then {@code second}: a console's node alerts and its pool alerts. */
  public static List<Alert> plus(List<Alert> first, List<Alert> second) {
    List<Alert> all = new ArrayList<>(first);
    all.addAll(second);
    return List.copyOf(all);
  }
}
