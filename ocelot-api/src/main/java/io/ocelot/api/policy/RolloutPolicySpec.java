package io.ocelot.api.policy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.ArrayList;
import java.util.List;

/** What a rollout policy says about the pools it selects. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class RolloutPolicySpec {
  @JsonPropertyDescription("The pools this policy applies to, by name or by label")
  @Required
  private PoolSelection pools = new PoolSelection();

  @JsonPropertyDescription(
      "Nodes that may fail one target (rendered config and image) before its rollout halts"
          + " (stop-the-line); 0 never halts, as MCO. Default 1")
  @Min(0)
  @Default("1")
  private Integer maxFailedNodes;

  @JsonPropertyDescription(
      "When disruptive updates (drain and reboot) may start; none: any time. A node mid-update"
          + " when a window closes finishes; no new one starts")
  @Size(max = 28)
  private List<MaintenanceWindow> maintenanceWindows = new ArrayList<>();

  @JsonPropertyDescription(
      "Updates that need neither drain nor reboot (e.g. SSH keys, a registries.conf change, what"
          + " the cluster's node disruption policy makes rebootless) may start outside the"
          + " maintenance windows. Default false: every update waits for a window")
  @Default("false")
  private Boolean rebootlessAnytime;

  @JsonPropertyDescription(
      "How long every updated node must have been healthy before the next node starts (soak),"
          + " e.g. 10m, 1h; none: no wait")
  @Size(max = 16)
  @Pattern("^([0-9]+h)?([0-9]+m)?$")
  private String soak;

  @JsonPropertyDescription(
      "No new node starts while alerts matching alertNames fire in this Prometheus; none: no gate")
  private AlertGate alertGate;

  @JsonPropertyDescription(
      "Roll out in growing batches, each started once enough of the nodes before it are done and"
          + " healthy (always within maxUnavailable, the windows, the soak and the alert gate);"
          + " none: as many as maxUnavailable allows")
  private RolloutBatches batches;

  @JsonPropertyDescription(
      "A budget per group of nodes (by zone, rack, site) across every pool this policy governs:"
          + " no more of a group is disrupted at once than it allows; none: no such budget")
  private GroupBudget disruptionBudget;

  @JsonPropertyDescription(
      "Nodes waiting for their turn pull the new OS image beforehand (no drain, no reboot), within"
          + " their own limit of concurrent pulls; their turn then holds only the drain and the"
          + " reboot. None: each node pulls in its turn")
  private StageAhead stageAhead;

  public StageAhead getStageAhead() {
    return stageAhead;
  }

  public void setStageAhead(StageAhead stageAhead) {
    this.stageAhead = stageAhead;
  }

  public GroupBudget getDisruptionBudget() {
    return disruptionBudget;
  }

  public void setDisruptionBudget(GroupBudget disruptionBudget) {
    this.disruptionBudget = disruptionBudget;
  }

  public RolloutBatches getBatches() {
    return batches;
  }

  public void setBatches(RolloutBatches batches) {
    this.batches = batches;
  }

  public Boolean getRebootlessAnytime() {
    return rebootlessAnytime;
  }

  public void setRebootlessAnytime(Boolean rebootlessAnytime) {
    this.rebootlessAnytime = rebootlessAnytime;
  }

  public AlertGate getAlertGate() {
    return alertGate;
  }

  public void setAlertGate(AlertGate alertGate) {
    this.alertGate = alertGate;
  }

  public String getSoak() {
    return soak;
  }

  public void setSoak(String soak) {
    this.soak = soak;
  }

  public PoolSelection getPools() {
    return pools;
  }

  public void setPools(PoolSelection pools) {
    this.pools = pools;
  }

  public Integer getMaxFailedNodes() {
    return maxFailedNodes;
  }

  public void setMaxFailedNodes(Integer maxFailedNodes) {
    this.maxFailedNodes = maxFailedNodes;
  }

  public List<MaintenanceWindow> getMaintenanceWindows() {
    return maintenanceWindows;
  }

  public void setMaintenanceWindows(List<MaintenanceWindow> maintenanceWindows) {
    this.maintenanceWindows = maintenanceWindows == null ? new ArrayList<>() : maintenanceWindows;
  }
}
