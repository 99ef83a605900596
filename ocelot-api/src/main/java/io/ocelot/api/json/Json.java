package io.ocelot.api.json;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * The JSON and YAML mappers Ocelot reads and writes objects with. Configured once here and never
 * changed afterwards, which makes sharing them safe (they hold no mutable state of ours).
 */
public final class Json {
  /** JSON; unknown properties are ignored, as a Kubernetes client must. */
  public static final ObjectMapper MAPPER =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  /** YAML (a superset of JSON on input); writes without the leading {@code ---}. */
  public static final YAMLMapper YAML =
      new YAMLMapper(
          YAMLFactory.builder()
              .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
              .build());

  private Json() {}
}
