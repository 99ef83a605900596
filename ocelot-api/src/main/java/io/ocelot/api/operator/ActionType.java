package io.ocelot.api.operator;

/**
 * Upstream's action types, spelled as in the API. {@code Special} is the default policy's action
 * for {@code /etc/containers/registries.conf}; an admin's spec cannot use it.
 */
public enum ActionType {
  Reboot,
  Drain,
  Reload,
  Restart,
  DaemonReload,
  None,
  Special
}
