package io.ocelot.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.disruption.ConfigDiff;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.Disruption;
import io.ocelot.daemon.plan.PlanResult;
import io.ocelot.daemon.plan.Step;
import io.ocelot.daemon.plan.UpdatePlan;

/** A plan as JSON for machines: a stable shape built field by field (see docs/cli.md). */
final class PlanJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private PlanJson() {}

  static ObjectNode of(PlanResult result, ConfigTarget from, ConfigTarget to) {
    ObjectNode root = F.objectNode();
    root.set("from", side(from));
    root.set("to", side(to));
    if (result instanceof PlanResult.Unreconcilable u) {
      root.put("reconcilable", false);
      ArrayNode reasons = root.putArray("reasons");
      u.reasons().forEach(reasons::add);
      root.put("message", u.message());
      return root;
    }
    UpdatePlan plan = ((PlanResult.Ready) result).plan();
    root.put("reconcilable", true);
    root.put("kind", plan.kind().name());
    root.put("noop", plan.isNoop());
    root.set("diff", diff(plan.diff()));
    ObjectNode disruption = root.putObject("disruption");
    disruption.put("action", plan.disruption().action().name());
    disruption.put("drain", plan.disruption().drain());
    ArrayNode services = disruption.putArray("services");
    plan.disruption().services().forEach(s -> services.add(s.summary()));
    disruption.put("rules", plan.disruption().rules().name());
    ArrayNode reasons = disruption.putArray("reasons");
    for (Disruption.Reason r : plan.disruption().reasons()) {
      ObjectNode reason = reasons.addObject().put("item", r.item());
      ArrayNode actions = reason.putArray("actions");
      r.actions().forEach(a -> actions.add(a.describe()));
      reason.put("why", r.why());
    }
    ArrayNode steps = root.putArray("steps");
    plan.steps().forEach(s -> steps.add(step(s)));
    plan.commit()
        .ifPresent(
            c -> {
              ObjectNode commit = root.putObject("commit");
              commit.put("config", c.configName());
              commit.put("image", c.image().orElse(null));
              commit.put("action", c.action().name());
              commit.put("rationale", c.rationale());
            });
    ArrayNode notes = root.putArray("notes");
    plan.notes().forEach(notes::add);
    return root;
  }

  private static ObjectNode side(ConfigTarget t) {
    ObjectNode o = F.objectNode();
    o.put("config", t.name());
    o.put("image", t.image().orElse(null));
    o.put("effectiveImage", t.effectiveImage());
    return o;
  }

  private static ObjectNode diff(ConfigDiff d) {
    return F.objectNode()
        .put("osUpdate", d.osUpdate())
        .put("kargs", d.kargs())
        .put("fips", d.fips())
        .put("passwd", d.passwd())
        .put("files", d.files())
        .put("units", d.units())
        .put("kernelType", d.kernelType())
        .put("extensions", d.extensions())
        .put("oclEnabled", d.oclEnabled())
        .put("revertFromOCL", d.revertFromOCL());
  }

  private static ObjectNode step(Step s) {
    ObjectNode o = F.objectNode();
    o.put("type", s.getClass().getSimpleName());
    o.put("summary", s.summary());
    if (s instanceof Step.RequestDrain d) {
      o.put("desiredDrain", d.request().value());
    } else if (s instanceof Step.StageImage st) {
      o.put("image", st.image());
    } else if (s instanceof Step.WriteFile w) {
      o.put("path", w.file().path())
          .put("mode", w.file().modeOctal())
          .put("user", w.file().user().describe())
          .put("group", w.file().group().describe())
          .put("size", w.file().contents().size())
          .put("created", w.previous().isEmpty());
    } else if (s instanceof Step.RemoveFile r) {
      o.put("path", r.previous().path());
    } else if (s instanceof Step.WriteUnit u) {
      o.put("unit", u.unit().name()).put("created", u.previous().isEmpty());
    } else if (s instanceof Step.RemoveUnit r) {
      o.put("unit", r.previous().name());
    } else if (s instanceof Step.RunService r) {
      o.put("verb", r.action().kind().verb()).put("unit", r.action().unit());
    } else if (s instanceof Step.SetKernelArguments k) {
      ArrayNode delete = o.putArray("delete");
      k.delete().forEach(delete::add);
      ArrayNode append = o.putArray("append");
      k.append().forEach(append::add);
    }
    return o;
  }
}
