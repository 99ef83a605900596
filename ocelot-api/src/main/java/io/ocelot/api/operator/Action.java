package io.ocelot.api.operator;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;

/**
 * One action of a node disruption policy: {@code type}, and for {@code Reload} and {@code Restart}
 * the service.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
    value = "self.type == 'Reload' ? has(self.reload) : !has(self.reload)",
    message = "reload is required when type is Reload, and forbidden otherwise")
@ValidationRule(
    value = "self.type == 'Restart' ? has(self.restart) : !has(self.restart)",
    message = "restart is required when type is Restart, and forbidden otherwise")
public record Action(@Required ActionType type, ServiceName reload, ServiceName restart) {

  public static Action of(ActionType type) {
    return new Action(type, null, null);
  }

  public static Action reload(String service) {
    return new Action(ActionType.Reload, null, null).withService(service);
  }

  public static Action restart(String service) {
    return new Action(ActionType.Restart, null, null).withService(service);
  }

  private Action withService(String service) {
    ServiceName s = new ServiceName(service);
    return type == ActionType.Reload ? new Action(type, s, null) : new Action(type, null, s);
  }

  /** The service a Reload or Restart acts on. */
  public String service() {
    ServiceName s = reload != null ? reload : restart;
    return s == null ? "" : s.serviceName();
  }

  /** As upstream's docs write an action: {@code Restart chronyd.service}, {@code Reboot}. */
  public String describe() {
    String service = service();
    return service.isEmpty() ? type.name() : type.name() + " " + service;
  }
}
