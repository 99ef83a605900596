package io.ocelot.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a plain (unquoted) YAML scalar means, by YAML 1.1's rules as Kubernetes tools apply them:
 * {@code 0644} is the octal 420 (Ignition modes are written that way), {@code yes}/{@code on} are
 * true, {@code ~} is null. These are the rules Ocelot read manifests with before (Jackson's), kept
 * so no existing manifest changes meaning.
 */
final class YamlScalars {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Set<String> NULLS = Set.of("", "~", "null", "Null", "NULL");
  private static final Set<String> TRUES =
      Set.of("true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON");
  private static final Set<String> FALSES =
      Set.of("false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF");
  private static final Pattern DECIMAL = Pattern.compile("[-+]?(?:0|[1-9][0-9_]*)");
  private static final Pattern OCTAL = Pattern.compile("[-+]?0[0-7_]+");
  private static final Pattern HEX = Pattern.compile("[-+]?0x[0-9a-fA-F_]+");
  private static final Pattern BINARY = Pattern.compile("[-+]?0b[01_]+");
  private static final Pattern FLOAT =
      Pattern.compile(
          "[-+]?(?:\\.[0-9]+|[0-9][0-9_]*\\.[0-9_]*)(?:[eE][-+]?[0-9]+)?|[-+]?[0-9]+[eE][-+]?[0-9]+");

  private YamlScalars() {}

  /** The value of a plain scalar: null, a boolean, a number or the text itself. */
  static JsonNode plain(String text) {
    if (NULLS.contains(text)) {
      return NODES.nullNode();
    }
    return bool(text).or(() -> integer(text)).or(() -> real(text)).orElse(NODES.textNode(text));
  }

  /** The value of a scalar with an explicit {@code !!bool}, {@code !!int}… tag, if it has one. */
  static Optional<JsonNode> tagged(String tag, String text) {
    return switch (tag) {
      case "tag:yaml.org,2002:null" ->
          NULLS.contains(text) ? Optional.of(NODES.nullNode()) : Optional.empty();
      case "tag:yaml.org,2002:bool" -> bool(text);
      case "tag:yaml.org,2002:int" -> integer(text);
      case "tag:yaml.org,2002:float" -> integer(text).or(() -> real(text));
      default -> Optional.of(NODES.textNode(text));
    };
  }

  private static Optional<JsonNode> bool(String text) {
    if (TRUES.contains(text)) {
      return Optional.of(NODES.booleanNode(true));
    }
    return FALSES.contains(text) ? Optional.of(NODES.booleanNode(false)) : Optional.empty();
  }

  private static Optional<JsonNode> integer(String text) {
    if (text.length() > 80) {
      return Optional.empty();
    }
    String digits = text.replace("_", "");
    boolean negative = digits.startsWith("-");
    String unsigned =
        digits.startsWith("-") || digits.startsWith("+") ? digits.substring(1) : digits;
    BigInteger value;
    if (DECIMAL.matcher(text).matches()) {
      value = new BigInteger(unsigned);
    } else if (HEX.matcher(text).matches()) {
      value = new BigInteger(unsigned.substring(2), 16);
    } else if (BINARY.matcher(text).matches()) {
      value = new BigInteger(unsigned.substring(2), 2);
    } else if (OCTAL.matcher(text).matches()) {
      value = new BigInteger(unsigned.substring(1), 8);
    } else {
      return Optional.empty();
    }
    value = negative ? value.negate() : value;
    if (value.bitLength() < 32) {
      return Optional.of(NODES.numberNode(value.intValue()));
    }
    return Optional.of(
        value.bitLength() < 64 ? NODES.numberNode(value.longValue()) : NODES.numberNode(value));
  }

  private static Optional<JsonNode> real(String text) {
    if (text.length() > 80 || !FLOAT.matcher(text).matches()) {
      return Optional.empty();
    }
    double d = new BigDecimal(text.replace("_", "")).doubleValue();
    return Double.isFinite(d) ? Optional.of(NODES.numberNode(d)) : Optional.empty();
  }
}
