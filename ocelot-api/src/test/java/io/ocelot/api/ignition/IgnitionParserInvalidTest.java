package io.ocelot.api.ignition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each invalid input yields exactly the expected error, named by its field path. */
class IgnitionParserInvalidTest {
  private static final String SUPPORTED =
      "; supported spec versions: 2.0.0, 2.1.0, 2.2.0, 3.0.0, 3.1.0, 3.2.0, 3.3.0, 3.4.0, 3.5.0";
  private static final String MODE_HINT = " (JSON modes are decimal: 0644 is 420)";
  private static final String UNIT_SUFFIX =
      "it must end in a unit type suffix such as .service, .socket, .timer, .mount or .target";

  static String v3(String body) {
    return "{\"ignition\": {\"version\": \"3.5.0\"}, " + body + "}";
  }

  static String v3at(String version, String body) {
    return "{\"ignition\": {\"version\": \"" + version + "\"}, " + body + "}";
  }

  static String file(String fileJson) {
    return v3("\"storage\": {\"files\": [" + fileJson + "]}");
  }

  static String source(String src) {
    return file("{\"path\": \"/etc/x\", \"contents\": {\"source\": \"" + src + "\"}}");
  }

  static String units(String unitsJson) {
    return v3("\"systemd\": {\"units\": [" + unitsJson + "]}");
  }

  static String users(String usersJson) {
    return v3("\"passwd\": {\"users\": [" + usersJson + "]}");
  }

  static String remote(String url) {
    return "storage.files[0].contents.source: remote source \""
        + url
        + "\" is not supported: the daemon never fetches file contents; inline them as a data:"
        + " URL";
  }

  static String gzipBase64(byte[] data) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return Base64.getEncoder().encodeToString(out.toByteArray());
  }

  static Stream<Arguments> invalidInputs() {
    String threeValid = "{\"path\": \"/etc/a\"}, {\"path\": \"/etc/b\"}, {\"path\": \"/etc/c\"}, ";
    return Stream.of(
        // version
        arguments("{\"storage\": {}}", "ignition.version: missing" + SUPPORTED),
        arguments("{\"ignition\": {\"version\": \"\"}}", "ignition.version: missing" + SUPPORTED),
        arguments(
            "{\"ignition\": {\"version\": \"3.6.0\"}}",
            "ignition.version: \"3.6.0\" is not supported" + SUPPORTED),
        arguments(
            "{\"ignition\": {\"version\": \"2.3.0\"}}",
            "ignition.version: \"2.3.0\" is not supported" + SUPPORTED),
        arguments(
            "{\"ignition\": {\"version\": \"3.4\"}}",
            "ignition.version: \"3.4\" is not a valid version" + SUPPORTED),
        arguments(
            "{\"ignition\": {\"version\": \"3.6.0-experimental\"}}",
            "ignition.version: \"3.6.0-experimental\" is not a valid version" + SUPPORTED),
        arguments(
            "{\"ignition\": {\"version\": 3}}", "ignition.version: must be a string, got number 3"),
        arguments("{\"ignition\": \"3.5.0\"}", "ignition: must be an object, got string \"3.5.0\""),
        arguments("[1, 2]", "must be a JSON object, got a list"),
        // structure
        arguments(v3("\"storage\": []"), "storage: must be an object, got a list"),
        arguments(
            v3("\"storage\": {\"files\": {}}"), "storage.files: must be a list, got an object"),
        arguments(file("\"x\""), "storage.files[0]: must be an object, got string \"x\""),
        // paths
        arguments(file("{\"mode\": 420}"), "storage.files[0].path: missing"),
        arguments(
            file("{\"path\": \"etc/x\"}"),
            "storage.files[0].path: \"etc/x\" must be absolute and normalized"),
        arguments(
            file(threeValid + "{\"path\": \"/etc/../../x\"}"),
            "storage.files[3].path: \"/etc/../../x\" must be absolute and normalized"),
        arguments(
            file("{\"path\": \"/etc//x\"}"),
            "storage.files[0].path: \"/etc//x\" must be absolute and normalized"),
        arguments(
            file("{\"path\": \"/etc/x/\"}"),
            "storage.files[0].path: \"/etc/x/\" must be absolute and normalized"),
        arguments(
            file("{\"path\": \"/etc/./x\"}"),
            "storage.files[0].path: \"/etc/./x\" must be absolute and normalized"),
        arguments(
            file("{\"path\": \"/\"}"),
            "storage.files[0].path: \"/\" must be absolute and normalized"),
        arguments(
            file("{\"path\": \"/etc/a\\n  2. remove /etc/passwd\"}"),
            "storage.files[0].path: \"/etc/a\\n  2. remove /etc/passwd\" contains a control"
                + " character at position 6; paths may not contain them"),
        arguments(
            file("{\"path\": \"/etc/\\u001b[2Jx\"}"),
            "storage.files[0].path: \"/etc/\\u001b[2Jx\" contains a control character at position"
                + " 5; paths may not contain them"),
        arguments(
            file("{\"path\": \"/etc/" + "n".repeat(256) + "\"}"),
            "storage.files[0].path: the path component \""
                + "n".repeat(117)
                + "...\" is 256 bytes long, over the limit of 255 (NAME_MAX)"),
        arguments(
            file("{\"path\": \"/etc/" + "\u00e9".repeat(128) + "\"}"),
            "storage.files[0].path: the path component \""
                + "\u00e9".repeat(117)
                + "...\" is 256 bytes long, over the limit of 255 (NAME_MAX)"),
        arguments(
            file("{\"path\": \"" + "/abc".repeat(25_000) + "\"}"),
            "storage.files[0].path: the path is 100000 bytes long, over the limit of 3839"
                + " (PATH_MAX, less 256 for the host root it is resolved under)"),
        arguments(file("{\"path\": 5}"), "storage.files[0].path: must be a string, got number 5"),
        arguments(
            file("{\"path\": \"/etc/x\"}, {\"path\": \"/etc/x\"}"),
            "storage.files[1].path: duplicate path \"/etc/x\" (also at storage.files[0].path)"),
        arguments(
            v3(
                "\"storage\": {\"directories\": [{\"path\": \"/var/d\"}], \"files\": [{\"path\":"
                    + " \"/var/d\"}]}"),
            "storage.files[0].path: duplicate path \"/var/d\" (also at"
                + " storage.directories[0].path)"),
        arguments(
            v3("\"storage\": {\"directories\": [{\"path\": \"var/x\"}]}"),
            "storage.directories[0].path: \"var/x\" must be absolute and normalized"),
        arguments(
            v3(
                "\"storage\": {\"links\": [{\"path\": \"/etc/l\", \"target\": \"/etc/x\"}],"
                    + " \"files\": [{\"path\": \"/etc/l\"}]}"),
            "storage.files[0].path: duplicate path \"/etc/l\" (also at storage.links[0].path)"),
        // mode and owner
        arguments(
            file("{\"path\": \"/etc/x\", \"mode\": 644}"),
            "storage.files[0].mode: invalid mode 01204 for /etc/x, cannot exceed 0777" + MODE_HINT),
        arguments(
            file("{\"path\": \"/etc/x\", \"mode\": 4095}"),
            "storage.files[0].mode: invalid mode 07777 for /etc/x, cannot exceed 0777" + MODE_HINT),
        arguments(
            file("{\"path\": \"/etc/x\", \"mode\": -1}"),
            "storage.files[0].mode: must not be negative, got -1"),
        arguments(
            file("{\"path\": \"/etc/x\", \"mode\": \"0644\"}"),
            "storage.files[0].mode: must be an integer, got string \"0644\""),
        arguments(
            file("{\"path\": \"/etc/x\", \"mode\": 420.5}"),
            "storage.files[0].mode: must be an integer, got number 420.5"),
        arguments(
            file("{\"path\": \"/etc/x\", \"user\": {\"id\": -5}}"),
            "storage.files[0].user.id: must not be negative, got -5"),
        // Ignition's words (config/v3_5/types: node.go, file.go, resource.go, kargs.go)
        arguments(
            file("{\"path\": \"/etc/x\", \"group\": {\"id\": 0, \"name\": \"root\"}}"),
            "storage.files[0].group: cannot set both id and name"),
        arguments(
            file(
                "{\"path\": \"/etc/x\", \"contents\": {\"verification\": {\"hash\":"
                    + " \"sha512-00\"}}}"),
            "storage.files[0].contents.verification.hash: source must be specified if verification"
                + " is specified"),
        arguments(
            v3(
                "\"kernelArguments\": {\"shouldExist\": [\"nosmt\"], \"shouldNotExist\": [\"nosmt\"]}"),
            "kernelArguments.shouldNotExist[0]: duplicate entry defined"),
        arguments(
            v3("\"kernelArguments\": {\"shouldExist\": [\"a\", \"a\"]}"),
            "kernelArguments.shouldExist[1]: duplicate entry defined"),
        arguments(
            file("{\"path\": \"/etc/x\", \"overwrite\": \"yes\"}"),
            "storage.files[0].overwrite: must be true or false, got string \"yes\""),
        // contents
        arguments(
            source("data:;base64,!!!!"),
            "storage.files[0].contents.source: data URL does not decode: invalid base64: Illegal"
                + " base64 character 21"),
        arguments(
            source("data:text/plain"),
            "storage.files[0].contents.source: data URL does not decode: missing ',' between the"
                + " media type and the data"),
        arguments(
            source("data:,100%"),
            "storage.files[0].contents.source: data URL does not decode: invalid percent-encoding"
                + " at offset 3"),
        arguments(source("http://example.com/x"), remote("http://example.com/x")),
        arguments(source("https://example.com/x"), remote("https://example.com/x")),
        arguments(source("s3://bucket/x"), remote("s3://bucket/x")),
        arguments(source("tftp://10.0.0.1/x"), remote("tftp://10.0.0.1/x")),
        arguments(source("gs://bucket/x"), remote("gs://bucket/x")),
        arguments(
            source("ftp://example.com/x"),
            "storage.files[0].contents.source: unsupported source \"ftp://example.com/x\": only"
                + " data: URLs are read"),
        arguments(
            file(
                "{\"path\": \"/etc/x\", \"contents\": {\"compression\": \"xz\", \"source\":"
                    + " \"data:,x\"}}"),
            "storage.files[0].contents.compression: unsupported compression type \"xz\""),
        arguments(
            file(
                "{\"path\": \"/etc/x\", \"contents\": {\"compression\": \"gzip\", \"source\":"
                    + " \"data:,plain\"}}"),
            "storage.files[0].contents.compression: gzip data does not inflate: Not in GZIP"
                + " format"),
        arguments(
            file(
                "{\"path\": \"/etc/x\", \"contents\": {\"compression\": \"gzip\", \"source\":"
                    + " \"data:;base64,"
                    + gzipBase64(new byte[5 * 1024 * 1024])
                    + "\"}}"),
            "storage.files[0].contents: gzip contents inflate to over 4 MiB per file"),
        arguments(
            file(
                "{\"path\": \"/etc/x\", \"contents\": {\"source\": \"data:,"
                    + "a".repeat(4 * 1024 * 1024 + 1)
                    + "\"}}"),
            "storage.files[0].contents: contents are 4194305 bytes, over the limit of 4 MiB per"
                + " file"),
        arguments(
            file(
                "{\"path\": \"/etc/x\", \"contents\": {\"source\": \"data:,x\", \"verification\":"
                    + " {\"hash\": \"md5-abc\"}}}"),
            "storage.files[0].contents.verification.hash: unrecognized hash function: \"md5-abc\""
                + " (sha512-<128 hex digits> or sha256-<64 hex digits>)"),
        arguments(
            file(
                "{\"path\": \"/etc/x\", \"contents\": {\"source\": \"data:;base64,aGVsbG8K\","
                    + " \"verification\": {\"hash\": \"sha256-"
                    + "0".repeat(64)
                    + "\"}}}"),
            "storage.files[0].contents.verification.hash: sha256 mismatch: the config says "
                + "0".repeat(64)
                + ", contents hash to"
                + " 5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03"),
        arguments(
            file("{\"path\": \"/etc/x\", \"append\": [{\"source\": \"https://e.com/y\"}]}"),
            "storage.files[0].append[0].source: remote source \"https://e.com/y\" is not"
                + " supported: the daemon never fetches file contents; inline them as a data:"
                + " URL"),
        // units
        arguments(
            v3("\"systemd\": {\"units\": {}}"), "systemd.units: must be a list, got an object"),
        arguments(units("{\"contents\": \"[Unit]\"}"), "systemd.units[0].name: missing"),
        arguments(
            units("{\"name\": \"hello\"}"),
            "systemd.units[0].name: \"hello\" is not a valid unit name: " + UNIT_SUFFIX),
        arguments(
            units("{\"name\": \"x.servic\"}"),
            "systemd.units[0].name: \"x.servic\" is not a valid unit name: " + UNIT_SUFFIX),
        arguments(
            units("{\"name\": \"my unit.service\"}"),
            "systemd.units[0].name: \"my unit.service\" is not a valid unit name: only letters,"
                + " digits and the characters :-_.\\@ are allowed"),
        arguments(
            units("{\"name\": \"a.service\"}, {\"name\": \"a.service\"}"),
            "systemd.units[1].name: duplicate unit \"a.service\" (also at systemd.units[0].name)"),
        arguments(
            units("{\"name\": \"a.service\", \"enabled\": \"yes\"}"),
            "systemd.units[0].enabled: must be true or false, got string \"yes\""),
        arguments(
            units("{\"name\": \"a.service\", \"dropins\": [{\"name\": \"10-x\"}]}"),
            "systemd.units[0].dropins[0].name: \"10-x\" is not a valid dropin name: it must be a"
                + " file name ending in .conf"),
        arguments(
            units("{\"name\": \"a.service\", \"dropins\": [{\"name\": \"a/b.conf\"}]}"),
            "systemd.units[0].dropins[0].name: \"a/b.conf\" is not a valid dropin name: it must"
                + " be a file name ending in .conf (\"a/b.conf\" is not a file name)"),
        arguments(
            units("{\"name\": \"a.service\", \"dropins\": [{\"name\": \"x\\n.conf\"}]}"),
            "systemd.units[0].dropins[0].name: \"x\\n.conf\" is not a valid dropin name: it must"
                + " be a file name ending in .conf (\"x\\n.conf\" contains a control character at"
                + " position 1)"),
        arguments(
            units(
                "{\"name\": \"a.service\", \"dropins\": [{\"name\": \"x.conf\"}, {\"name\":"
                    + " \"x.conf\"}]}"),
            "systemd.units[0].dropins[1].name: duplicate dropin \"x.conf\" (also at"
                + " systemd.units[0].dropins[0].name)"),
        arguments(
            units("{\"name\": \"a.service\", \"dropins\": [{\"contents\": \"x\"}]}"),
            "systemd.units[0].dropins[0].name: missing"),
        // A unit file is a file: held to the same 4 MiB.
        arguments(
            units(
                "{\"name\": \"big.service\", \"contents\": \""
                    + "#".repeat(5 * 1024 * 1024)
                    + "\"}"),
            "systemd.units[0].contents: contents are 5242880 bytes, over the limit of 4 MiB per"
                + " file"),
        // passwd
        arguments(
            users("{\"sshAuthorizedKeys\": [\"ssh-rsa A\"]}"), "passwd.users[0].name: missing"),
        arguments(
            users("{\"name\": \"core\"}, {\"name\": \"core\"}"),
            "passwd.users[1].name: duplicate user \"core\" (also at passwd.users[0].name)"),
        arguments(
            users("{\"name\": \"core\", \"sshAuthorizedKeys\": [1]}"),
            "passwd.users[0].sshAuthorizedKeys[0]: must be a string, got number 1"),
        arguments(
            users("{\"name\": \"core\", \"sshAuthorizedKeys\": [\"ssh-rsa A\\nssh-rsa B\"]}"),
            "passwd.users[0].sshAuthorizedKeys[0]: must be a single line; put each key in its own"
                + " list entry"),
        arguments(
            users("{\"name\": \"core\", \"sshAuthorizedKeys\": [\"  \"]}"),
            "passwd.users[0].sshAuthorizedKeys[0]: empty SSH key"),
        // Issue 37: what reaches a host file whole must be printable and bounded.
        arguments(
            users("{\"name\": \"core\", \"sshAuthorizedKeys\": [\"ssh-ed25519 AAAA\\u0000x\"]}"),
            "passwd.users[0].sshAuthorizedKeys[0]: contains a control character at position 16"),
        arguments(
            users(
                "{\"name\": \"core\", \"sshAuthorizedKeys\": [\"ssh-rsa "
                    + "A".repeat(20000)
                    + "\"]}"),
            "passwd.users[0].sshAuthorizedKeys[0]: is 20008 characters long; an SSH public key"
                + " line is far shorter (limit 16384)"),
        arguments(
            users("{\"name\": \"core\", \"passwordHash\": \"$6$" + "a".repeat(100000) + "\"}"),
            "passwd.users[0].passwordHash: is 100003 characters long, longer than any crypt(5)"
                + " hash (limit 512)"),
        // A running node fetches no other config: such a source would be ignored silently.
        arguments(
            "{\"ignition\": {\"version\": \"3.4.0\", \"config\": {\"merge\": [{\"source\":"
                + " \"https://example.com/x.ign\"}]}}}",
            "ignition.config.merge[0].source: is not applied: a running node fetches no other"
                + " config (nor does MCO's); put its contents in this MachineConfig"),
        arguments(
            "{\"ignition\": {\"version\": \"3.4.0\", \"config\": {\"replace\": {\"source\":"
                + " \"data:,{}\"}}}}",
            "ignition.config.replace.source: is not applied: a running node fetches no other"
                + " config (nor does MCO's); put its contents in this MachineConfig"),
        arguments(
            users("{\"name\": \"core\", \"passwordHash\": 7}"),
            "passwd.users[0].passwordHash: must be a string, got number 7"),
        // A hash that could break /etc/shadow: an added line, shifted fields.
        arguments(
            users("{\"name\": \"core\", \"passwordHash\": \"$6$x\\nroot::0:0::/:/bin/sh\"}"),
            "passwd.users[0].passwordHash: must be a single line (a crypt(5) hash)"),
        arguments(
            users("{\"name\": \"core\", \"passwordHash\": \"$6$x:0:0\"}"),
            "passwd.users[0].passwordHash: must not contain ':' (it separates the fields of"
                + " /etc/shadow)"),
        arguments(
            users("{\"name\": \"core\", \"passwordHash\": \"$6$a b\"}"),
            "passwd.users[0].passwordHash: contains a character no crypt(5) hash has (whitespace,"
                + " a control character or punctuation other than . / $ = ,)"),
        arguments(
            users("{\"name\": \"core\", \"passwordHash\": \"hunter2\"}"),
            "passwd.users[0].passwordHash: is not a crypt(5) hash: expected $<id>$…, a"
                + " 13-character DES hash, \"*\" or \"!\""),
        arguments(
            users("{\"name\": \"core\", \"passwordHash\": \"$9$salt$h\"}"),
            "passwd.users[0].passwordHash: is not a crypt(5) hash: unknown or incomplete prefix"
                + " \"$9$\" (known: $y$, $gy$, $7$, $2b$, $6$, $5$, $sha1$, $md5$, $1$)"),
        // kernel arguments
        arguments(
            v3at("3.2.0", "\"kernelArguments\": {\"shouldExist\": [\"nosmt\"]}"),
            "kernelArguments: requires Ignition spec 3.3.0 or newer, the config is 3.2.0"),
        arguments(
            v3("\"kernelArguments\": {\"shouldExist\": [true]}"),
            "kernelArguments.shouldExist[0]: must be a string, got true"),
        // spec 2.2
        arguments(
            v3at(
                "2.2.0",
                "\"storage\": {\"files\": [{\"filesystem\": \"oem\", \"path\": \"/etc/x\"}]}"),
            "storage.files[0].filesystem: only the \"root\" filesystem is supported, got \"oem\""),
        arguments(
            v3at("2.2.0", "\"networkd\": {\"units\": [{\"name\": \"x.network\"}]}"),
            "networkd: not supported; write the files under /etc/systemd/network with"
                + " storage.files"));
  }

  @ParameterizedTest
  @MethodSource("invalidInputs")
  void reportsTheFieldPathAndWhatIsWrong(String json, String expected) {
    IgnitionResult r = IgnitionParser.parse(json);
    assertThat(r).isInstanceOf(IgnitionResult.Invalid.class);
    assertThat(((IgnitionResult.Invalid) r).errors())
        .extracting(Problem::toString)
        .containsExactly(expected);
  }

  @Test
  void atLeastFortyInvalidInputsAreCovered() {
    assertThat(invalidInputs().count()).isGreaterThanOrEqualTo(40);
  }

  @Test
  void malformedJsonIsAProblemWithItsPosition() {
    IgnitionResult r = IgnitionParser.parse("{\"ignition\": {\"version\": \"3.5.0\"},}");
    assertThat(r.problems()).hasSize(1);
    assertThat(r.problems().get(0).toString())
        .startsWith("malformed JSON: Unexpected character ('}'")
        .endsWith("at line 1, column 35");
  }

  @Test
  void totalDecodedSizeIsLimitedPerConfig() {
    String fourMiB = gzipBase64(new byte[4 * 1024 * 1024]);
    StringBuilder files = new StringBuilder();
    for (int i = 0; i < 3; i++) {
      files
          .append(i == 0 ? "" : ", ")
          .append("{\"path\": \"/etc/f")
          .append(i)
          .append("\", \"contents\": {\"compression\": \"gzip\", \"source\": \"data:;base64,")
          .append(fourMiB)
          .append("\"}}");
    }
    IgnitionResult r = IgnitionParser.parse(file(files.toString()));
    assertThat(((IgnitionResult.Invalid) r).errors())
        .extracting(Problem::toString)
        .containsExactly(
            "storage.files[2].contents: file contents add up to 12582912 bytes, over the limit of"
                + " 8 MiB per config");
  }

  @Test
  void aConfigOfMoreEntriesThanANodeAppliesIsRefusedBeforeItsEntriesAreRead() {
    StringBuilder files = new StringBuilder();
    for (int i = 0; i < 9_998; i++) {
      files.append(i == 0 ? "" : ", ").append("{\"path\": \"/etc/f").append(i).append("\"}");
    }
    // 9,998 files, one more (invalid, never read) and a unit with a dropin: 10,001 entries.
    String config =
        "{\"ignition\": {\"version\": \"3.4.0\"}, \"storage\": {\"files\": ["
            + files
            + ", {\"path\": \"relative\"}]}, \"systemd\": {\"units\": [{\"name\": \"a.service\","
            + " \"dropins\": [{\"name\": \"x.conf\"}]}]}}";
    IgnitionResult r = IgnitionParser.parse(config);
    assertThat(((IgnitionResult.Invalid) r).errors())
        .extracting(Problem::toString)
        .containsExactly(
            "the config has 10001 files, directories, links, units and dropins; a node applies at"
                + " most 10000 in one config (each is a step it journals and keeps in memory)");

    String fits = config.replace(", {\"path\": \"relative\"}", "");
    assertThat(IgnitionParser.parse(fits).problems()).extracting(Problem::toString).isEmpty();
  }

  @Test
  void everyProblemIsReportedNotOnlyTheFirst() {
    IgnitionResult r =
        IgnitionParser.parse(
            v3(
                "\"storage\": {\"files\": [{\"path\": \"rel\"}, {\"path\": \"/x\", \"mode\":"
                    + " 4095}]}, \"systemd\": {\"units\": [{\"name\": \"bad\"}]}"));
    assertThat(((IgnitionResult.Invalid) r).errors()).hasSize(3);
  }

  /**
   * Ignition (config/v3_5/types/file.go): overwrite without a source is an error in an authored
   * config; a rendered one carries it by MCO's merge and still parses.
   */
  @Test
  void overwriteWithoutASourceIsRefusedInAnAuthoredConfigOnly() throws Exception {
    for (String f :
        List.of(
            "{\"path\": \"/etc/x\", \"overwrite\": true}",
            "{\"path\": \"/etc/x\", \"overwrite\": true, \"contents\": {\"source\": null}}")) {
      com.fasterxml.jackson.databind.JsonNode raw =
          io.ocelot.api.json.Json.MAPPER.readTree(file(f));
      assertThat(IgnitionParser.authoredProblems(raw))
          .extracting(Problem::toString)
          .containsExactly(
              "storage.files[0].overwrite: overwrite must be false if source is unspecified");
      assertThat(IgnitionParser.parse(raw)).isInstanceOf(IgnitionResult.Valid.class);
    }
    com.fasterxml.jackson.databind.JsonNode withSource =
        io.ocelot.api.json.Json.MAPPER.readTree(
            file(
                "{\"path\": \"/etc/x\", \"overwrite\": true, \"contents\": {\"source\": \"data:,\"}}"));
    assertThat(IgnitionParser.authoredProblems(withSource)).isEmpty();
  }
}
