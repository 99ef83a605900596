/**
 * The data model every other module shares, pure Java and JSON, with no I/O and no client calls:
 * the custom resources ({@code model}, {@code operator}, {@code policy}), the Ignition parser and
 * validator ({@code ignition}), the render merge ({@code render}), the disruption rules of a config
 * change ({@code disruption}), node annotation keys and states ({@code node}), manifest checks
 * ({@code manifest}) and label selectors ({@code kube}). Depends on nothing of ours (the
 * architecture test holds it to that). Start reading at {@code ignition.IgnitionParser} and {@code
 * model.MachineConfig}; docs/ignition.md and docs/render.md describe the rules.
 */
package io.ocelot.api;
