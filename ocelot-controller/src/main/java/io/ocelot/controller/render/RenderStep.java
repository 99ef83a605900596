package io.ocelot.controller.render;

import io.fabric8.kubernetes.api.model.ObjectReference;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.kube.LabelSelectors;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigPool;
import io.ocelot.api.render.Reconcilability;
import io.ocelot.api.render.RenderDefaults;
import io.ocelot.api.render.RenderResult;
import io.ocelot.api.render.Renderer;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Renders a pool's MachineConfigs (pure): the selected configs merged into {@code
 * rendered-<pool>-<hash>}, refused when the merge is invalid or cannot be applied to nodes already
 * on the pool's current rendered config.
 */
public final class RenderStep {
  private RenderStep() {}

  /** What rendering gave. */
  public sealed interface Outcome permits Rendered, Failed, SelectingAll {}

  /**
   * The rendered config and its sources; {@code config} may already exist. {@code sizeWarning}: it
   * is near the largest object the cluster stores ({@link RenderedSize}).
   */
  public record Rendered(
      MachineConfig config, List<ObjectReference> sources, Optional<String> sizeWarning)
      implements Outcome {}

  /** The pool keeps its current config; {@code message} is RenderDegraded's. */
  public record Failed(String message) implements Outcome {}

  /** An empty machineConfigSelector: MCO refuses to select every config. */
  public record SelectingAll() implements Outcome {}

  public static Outcome render(
      MachineConfigPool pool,
      List<MachineConfig> all,
      Optional<MachineConfig> currentRendered,
      RenderDefaults defaults) {
    return render(pool, all, currentRendered, defaults, Set.of());
  }

  /**
   * The same, with MachineConfiguration's irreconcilable-change overrides: changes to the {@code
   * overridden} storage sections do not refuse the render (existing nodes skip them).
   */
  public static Outcome render(
      MachineConfigPool pool,
      List<MachineConfig> all,
      Optional<MachineConfig> currentRendered,
      RenderDefaults defaults,
      Set<String> overridden) {
    if (LabelSelectors.isEmpty(pool.getSpec().getMachineConfigSelector())) {
      return new SelectingAll();
    }
    String name = pool.getMetadata().getName();
    List<MachineConfig> selected = selected(pool, all);
    if (selected.isEmpty()) {
      return failed(name, "no MachineConfigs found matching selector " + selectorText(pool));
    }
    RenderResult r = Renderer.render(name, selected, defaults);
    if (r instanceof RenderResult.Failed f) {
      return failed(name, f.message());
    }
    RenderResult.Rendered rendered = (RenderResult.Rendered) r;
    if (currentRendered.isPresent()
        && !currentRendered
            .get()
            .getMetadata()
            .getName()
            .equals(rendered.config().getMetadata().getName())) {
      MachineConfig current = currentRendered.get();
      List<String> reasons = reasons(current, rendered.config(), overridden);
      if (!reasons.isEmpty()) {
        List<String> offenders = offenders(name, selected, current, defaults, overridden);
        return failed(
            name,
            "render reconciliation error: the new config cannot be applied to nodes on "
                + current.getMetadata().getName()
                + ": "
                + String.join(", ", reasons)
                + (offenders.isEmpty()
                    ? ""
                    : " (introduced by MachineConfig " + String.join(", ", offenders) + ")"));
      }
    }
    String renderedName = rendered.config().getMetadata().getName();
    int bytes = RenderedSize.bytes(rendered.config());
    Optional<String> tooLarge = RenderedSize.refusal(renderedName, bytes);
    if (tooLarge.isPresent()) {
      return failed(name, tooLarge.get());
    }
    return new Rendered(
        rendered.config(), rendered.sources(), RenderedSize.warning(renderedName, bytes));
  }

  private static List<String> reasons(
      MachineConfig current, MachineConfig next, Set<String> overridden) {
    return Reconcilability.reasons(
        ignition(current),
        current.getSpec(),
        ignition(next),
        next.getSpec(),
        Optional.empty(),
        overridden);
  }

  /** The selected configs without which the render would be reconcilable: the ones to name. */
  private static List<String> offenders(
      String pool,
      List<MachineConfig> selected,
      MachineConfig current,
      RenderDefaults defaults,
      Set<String> overridden) {
    return selected.stream()
        .filter(
            suspect -> {
              List<MachineConfig> without = selected.stream().filter(mc -> mc != suspect).toList();
              return without.isEmpty()
                  || (Renderer.render(pool, without, defaults) instanceof RenderResult.Rendered r
                      && reasons(current, r.config(), overridden).isEmpty());
            })
        .map(mc -> mc.getMetadata().getName())
        .toList();
  }

  private static Failed failed(String pool, String why) {
    return new Failed(failureMessage(pool, why));
  }

  /** The RenderDegraded message for a render of {@code pool} refused for {@code why}. */
  public static String failureMessage(String pool, String why) {
    return "Failed to render configuration for pool "
        + pool
        + ": could not generate rendered MachineConfig: "
        + why;
  }

  /** The MachineConfigs {@code pool} selects (rendered ones left out). */
  public static List<MachineConfig> selected(MachineConfigPool pool, List<MachineConfig> all) {
    if (LabelSelectors.isEmpty(pool.getSpec().getMachineConfigSelector())) {
      return List.of();
    }
    return all.stream()
        .filter(mc -> !mc.getMetadata().getName().startsWith("rendered-"))
        .filter(
            mc ->
                LabelSelectors.matches(
                    pool.getSpec().getMachineConfigSelector(), mc.getMetadata().getLabels()))
        .toList();
  }

  private static IgnitionConfig ignition(MachineConfig mc) {
    IgnitionResult r = IgnitionParser.parse(mc.getSpec().getConfig());
    return r instanceof IgnitionResult.Valid v ? v.config() : IgnitionConfig.EMPTY;
  }

  private static String selectorText(MachineConfigPool pool) {
    var s = pool.getSpec().getMachineConfigSelector();
    return s.getMatchLabels() == null ? "{}" : s.getMatchLabels().toString();
  }
}
