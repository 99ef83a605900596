package io.ocelot.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.ignition.Problem;
import io.ocelot.api.text.Printable;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Kubernetes' rules for labels and annotations, as the API server applies them: what `validate`
 * passes, the server must accept too, or an admin learns of it at `kubectl apply`.
 */
final class MetadataRules {
  /** A label name, or the name part of a qualified key: 63 characters at most. */
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");

  private static final Pattern DNS_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

  /** The API server's limit for all annotations of an object together (keys and values). */
  static final int ANNOTATIONS_MAX_BYTES = 256 * 1024;

  private MetadataRules() {}

  static void check(JsonNode metadata, List<Problem> problems) {
    JsonNode labels = metadata.path("labels");
    for (Iterator<Map.Entry<String, JsonNode>> it = labels.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> label = it.next();
      String at = "metadata.labels[" + Printable.quote(label.getKey()) + "]";
      keyProblem(label.getKey()).ifPresent(p -> problems.add(Problem.error(at, p)));
      String value = label.getValue().asText("");
      if (!value.isEmpty() && (value.length() > 63 || !NAME.matcher(value).matches())) {
        problems.add(
            Problem.error(
                at,
                "value "
                    + Printable.quote(value.length() > 80 ? value.substring(0, 77) + "..." : value)
                    + " is not a label value: at most 63 letters, digits, '-', '_' or '.',"
                    + " beginning and ending with a letter or digit"));
      }
    }
    JsonNode annotations = metadata.path("annotations");
    long bytes = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = annotations.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> a = it.next();
      keyProblem(a.getKey())
          .ifPresent(
              p ->
                  problems.add(
                      Problem.error(
                          "metadata.annotations[" + Printable.quote(a.getKey()) + "]", p)));
      bytes += utf8(a.getKey()) + utf8(a.getValue().asText(""));
    }
    if (bytes > ANNOTATIONS_MAX_BYTES) {
      problems.add(
          Problem.error(
              "metadata.annotations",
              "the annotations are "
                  + bytes
                  + " bytes together, over the API server's limit of "
                  + ANNOTATIONS_MAX_BYTES));
    }
  }

  /** Why {@code key} is not a qualified key ({@code [prefix/]name}), if it is not. */
  static Optional<String> keyProblem(String key) {
    int slash = key.indexOf('/');
    String prefix = slash < 0 ? "" : key.substring(0, slash);
    String name = slash < 0 ? key : key.substring(slash + 1);
    if (slash >= 0
        && (prefix.isEmpty()
            || prefix.length() > 253
            || !DNS_SUBDOMAIN.matcher(prefix).matches())) {
      return Optional.of(
          "key prefix "
              + Printable.quote(prefix)
              + " must be a DNS subdomain of at most 253 characters");
    }
    if (name.isEmpty() || name.length() > 63 || !NAME.matcher(name).matches()) {
      return Optional.of(
          "key name "
              + Printable.quote(name.length() > 80 ? name.substring(0, 77) + "..." : name)
              + " must be at most 63 letters, digits, '-', '_' or '.', beginning and ending with a"
              + " letter or digit");
    }
    return Optional.empty();
  }

  private static long utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }
}
