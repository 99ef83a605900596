package io.ocelot.daemon.txn;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Reads the typed fields of the engine's state files, failing with the field's name and what was
 * found; {@link StateStore} turns that into a "corrupt state file" condition.
 */
final class JsonFields {
  private JsonFields() {}

  static <E extends Enum<E>> E enumValue(JsonNode o, String field, Class<E> type) {
    String text = o.path(field).asText("");
    try {
      return Enum.valueOf(type, text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "field "
              + field
              + ": \""
              + text
              + "\" is not one of "
              + Arrays.stream(type.getEnumConstants())
                  .map(Enum::name)
                  .collect(Collectors.joining(", ")),
          e);
    }
  }

  static Instant instant(JsonNode o, String field) {
    String text = o.path(field).asText("");
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "field " + field + ": \"" + text + "\" is not a timestamp", e);
    }
  }
}
