package io.ocelot.api.ignition;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A bounded, seeded fuzz run of the checks beside the parser (disks, partitions, filesystems, RAID,
 * LUKS with clevis/tang/cex, the ignition section, spec 2.x folds): every field gets values of
 * every JSON type, near-miss strings and numbers at the edges. Every config is answered with
 * problems — never an exception — and every message prints on one line. {@code
 * -Docelot.fuzz.runs=N} runs longer.
 */
class SectionFuzzTest {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final List<String> VERSIONS =
      List.of("2.0.0", "2.1.0", "2.2.0", "3.0.0", "3.1.0", "3.2.0", "3.3.0", "3.4.0", "3.5.0");
  private static final List<String> STRINGS =
      List.of(
          "",
          "/dev/sda",
          "dev/sda",
          "/dev//sda",
          "ext4",
          "none",
          "raid1",
          "0",
          "core",
          "a/b",
          "http://[::1]a",
          "https://x/y",
          "arn:aws:s3:::b/k",
          "s3://b/k?versionId=",
          "data:,x",
          "data:;base64,%%%",
          "sha512-00",
          "x".repeat(300),
          "\u0007\n",
          "5DFBF5F4-2848-4BAC-AA5E-0D9A20B745A6",
          "test@.service",
          "test@x.service",
          "[Unit]\n",
          "{{");
  private static final List<String> FIELDS =
      List.of(
          "device",
          "partitions",
          "wipeTable",
          "label",
          "number",
          "sizeMiB",
          "startMiB",
          "size",
          "start",
          "typeGuid",
          "guid",
          "shouldExist",
          "resize",
          "format",
          "path",
          "uuid",
          "wipeFilesystem",
          "options",
          "mountOptions",
          "mount",
          "create",
          "name",
          "level",
          "devices",
          "spares",
          "clevis",
          "tang",
          "tpm2",
          "threshold",
          "custom",
          "pin",
          "config",
          "needsNetwork",
          "url",
          "thumbprint",
          "advertisement",
          "cex",
          "enabled",
          "keyFile",
          "source",
          "compression",
          "verification",
          "hash",
          "httpHeaders",
          "value",
          "openOptions",
          "discard",
          "contents",
          "dropins",
          "sshAuthorizedKeys");

  static Stream<Long> seeds() {
    int runs = Integer.getInteger("ocelot.fuzz.runs", 500);
    return IntStream.range(0, runs).mapToObj(i -> 77_000L + i);
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void everyConfigIsAnsweredNeverThrown(long seed) {
    Random r = new Random(seed);
    ObjectNode config = F.objectNode();
    ObjectNode ignition = config.putObject("ignition");
    ignition.put("version", VERSIONS.get(r.nextInt(VERSIONS.size())));
    for (String f : List.of("config", "proxy", "security", "timeouts")) {
      if (r.nextBoolean()) {
        ignition.set(f, value(r, 3));
      }
    }
    ObjectNode storage = config.putObject("storage");
    for (String section : List.of("disks", "filesystems", "raid", "luks", "files", "links")) {
      if (r.nextInt(3) > 0) {
        storage.set(section, list(r, 3));
      }
    }
    if (r.nextBoolean()) {
      config.putObject("systemd").set("units", list(r, 3));
    }
    if (r.nextBoolean()) {
      config.putObject("passwd").set("users", list(r, 3));
    }
    IgnitionResult result = IgnitionParser.parse(config);
    for (Problem p : result.problems()) {
      assertThat(p.toString()).as(config.toString()).doesNotContain("\n");
    }
    IgnitionParser.authoredProblems(config);
    LegacyDuplicates.fold(config);
  }

  private static ArrayNode list(Random r, int depth) {
    ArrayNode a = F.arrayNode();
    int n = r.nextInt(4);
    for (int i = 0; i < n; i++) {
      a.add(r.nextInt(5) == 0 ? value(r, depth - 1) : object(r, depth - 1));
    }
    return a;
  }

  private static ObjectNode object(Random r, int depth) {
    ObjectNode o = F.objectNode();
    int n = 1 + r.nextInt(6);
    for (int i = 0; i < n; i++) {
      o.set(FIELDS.get(r.nextInt(FIELDS.size())), value(r, depth - 1));
    }
    return o;
  }

  private static JsonNode value(Random r, int depth) {
    int kind = r.nextInt(depth > 0 ? 9 : 6);
    return switch (kind) {
      case 0 -> F.nullNode();
      case 1 -> F.booleanNode(r.nextBoolean());
      case 2 -> F.numberNode(List.of(0, 1, -1, 2048, 2049, Integer.MAX_VALUE).get(r.nextInt(6)));
      case 3 -> F.numberNode(new java.math.BigInteger("99999999999999999999"));
      case 4, 5 -> F.textNode(STRINGS.get(r.nextInt(STRINGS.size())));
      case 6 -> list(r, depth);
      default -> object(r, depth);
    };
  }
}
