package io.ocelot.apiserver;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads kube-apiserver's {@code apiserver_request_total} from its {@code /metrics} text into the
 * keys {@link RequestCounts} uses ({@code LIST nodes}, {@code CREATE pods/eviction}, {@code PATCH
 * nodes 409}). Non-resource requests (discovery, {@code /metrics} itself) are left out. A watch is
 * counted when it ends, as the server counts it.
 */
final class ApiServerMetrics {
  private static final Pattern SAMPLE =
      Pattern.compile("^apiserver_request_total\\{([^}]*)} ([0-9.e+]+)$");
  private static final Pattern LABEL = Pattern.compile("(\\w+)=\"([^\"]*)\"");

  private ApiServerMetrics() {}

  static RequestCounts parse(String metricsText) {
    Map<String, Long> out = new TreeMap<>();
    for (String line : metricsText.split("\n")) {
      Matcher m = SAMPLE.matcher(line);
      if (!m.matches()) {
        continue;
      }
      Map<String, String> labels = labels(m.group(1));
      String resource = labels.getOrDefault("resource", "");
      if (resource.isEmpty()) {
        continue;
      }
      String sub = labels.getOrDefault("subresource", "");
      String key =
          verb(labels.getOrDefault("verb", "")) + " " + resource + (sub.isEmpty() ? "" : "/" + sub);
      long n = (long) Double.parseDouble(m.group(2));
      out.merge(key, n, Long::sum);
      String code = labels.getOrDefault("code", "");
      if (code.equals("409") || code.equals("422") || code.equals("429")) {
        out.merge(key + " " + code, n, Long::sum);
      }
    }
    return new RequestCounts(out);
  }

  private static String verb(String serverVerb) {
    return switch (serverVerb) {
      case "POST" -> "CREATE";
      case "PUT" -> "UPDATE";
      default -> serverVerb;
    };
  }

  private static Map<String, String> labels(String text) {
    Map<String, String> out = new TreeMap<>();
    Matcher m = LABEL.matcher(text);
    while (m.find()) {
      out.put(m.group(1), m.group(2));
    }
    return out;
  }
}
