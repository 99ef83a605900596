package io.ocelot.api.kube;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import java.util.List;
import java.util.Map;

/**
 * Label selector matching, client-side (the embedded API server ignores {@code In} and {@code
 * NotIn}, and caches are read locally anyway). An empty selector matches everything; callers refuse
 * it where MCO does.
 */
public final class LabelSelectors {
  private LabelSelectors() {}

  public static boolean isEmpty(LabelSelector s) {
    return s == null
        || ((s.getMatchLabels() == null || s.getMatchLabels().isEmpty())
            && (s.getMatchExpressions() == null || s.getMatchExpressions().isEmpty()));
  }

  public static boolean matches(LabelSelector s, Map<String, String> labels) {
    if (s == null) {
      return true;
    }
    Map<String, String> l = ObjectMaps.present(labels);
    if (s.getMatchLabels() != null) {
      for (Map.Entry<String, String> e : s.getMatchLabels().entrySet()) {
        if (e.getValue() == null || !e.getValue().equals(l.get(e.getKey()))) {
          return false;
        }
      }
    }
    if (s.getMatchExpressions() != null) {
      for (LabelSelectorRequirement r : s.getMatchExpressions()) {
        if (!matches(r, l)) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean matches(LabelSelectorRequirement r, Map<String, String> labels) {
    List<String> values = r.getValues() == null ? List.of() : r.getValues();
    String value = labels.get(r.getKey());
    if (r.getOperator() == null || r.getKey() == null) {
      return false;
    }
    return switch (r.getOperator()) {
      case "In" -> value != null && values.contains(value);
      case "NotIn" -> value == null || !values.contains(value);
      case "Exists" -> labels.containsKey(r.getKey());
      case "DoesNotExist" -> !labels.containsKey(r.getKey());
      default -> false;
    };
  }
}
