package io.ocelot.api.ignition;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ocelot.api.json.Json;
import org.junit.jupiter.api.Test;

/**
 * Spec 2.x configs folded as MCO folds them before translation (openshift/machine-config-operator
 * pkg/controller/common/helpers_test.go: TestRemoveIgnDuplicateFilesAndUnits, TestParseAndConvert),
 * and 2.0/2.1 read as 2.2.
 */
class LegacyDuplicatesTest {
  static JsonNode json(String text) throws Exception {
    return Json.MAPPER.readTree(text.replace('\'', '"'));
  }

  @Test
  void removeIgnDuplicateFilesAndUnits() throws Exception {
    JsonNode config =
        json(
            """
            {'ignition': {'version': '2.2.0'},
             'storage': {'files': [
               {'filesystem': 'root', 'path': '/etc/testfileconfig', 'mode': 420,
                'contents': {'source': 'data:,old'}},
               {'filesystem': 'root', 'path': '/etc/testfileconfig', 'mode': 420,
                'contents': {'source': 'data:,new'}}]},
             'systemd': {'units': [
               {'name': 'testUnit', 'contents': 'data:,old',
                'dropins': [{'name': 'one', 'contents': 'data:,old'}]},
               {'name': 'testUnit', 'dropins': [{'name': 'one', 'contents': 'data:,new'}]},
               {'name': 'testUnit', 'contents': 'data:,new',
                'dropins': [{'name': 'two', 'contents': 'data:,new'}]}]}}
            """);
    LegacyDuplicates.Folded folded = LegacyDuplicates.fold(config);
    assertThat(folded.config().path("storage").path("files"))
        .isEqualTo(
            json(
                "[{'filesystem': 'root', 'path': '/etc/testfileconfig', 'mode': 420,"
                    + " 'contents': {'source': 'data:,new'}}]"));
    assertThat(folded.config().path("systemd").path("units"))
        .isEqualTo(
            json(
                "[{'name': 'testUnit', 'contents': 'data:,new', 'dropins': ["
                    + "{'name': 'two', 'contents': 'data:,new'},"
                    + " {'name': 'one', 'contents': 'data:,new'}]}]"));
    assertThat(folded.problems())
        .extracting(Problem::toString)
        .containsExactly(
            "storage.files[0].path: duplicate path \"/etc/testfileconfig\" (also at"
                + " storage.files[1].path); the later entry wins",
            "systemd.units[0].name: duplicate unit \"testUnit\" (also at systemd.units[2].name);"
                + " the later entry wins, with the dropins it does not have",
            "systemd.units[1].name: duplicate unit \"testUnit\" (also at systemd.units[2].name);"
                + " the later entry wins, with the dropins it does not have");
    assertThat(folded.problems()).noneMatch(Problem::isError);
    assertThat(config.path("systemd").path("units")).hasSize(3); // the input is not changed
  }

  @Test
  void parseAndConvertDedupesTheSshKeysOfA22Config() {
    IgnitionResult r =
        IgnitionParser.parse(
            "{\"ignition\": {\"version\": \"2.2.0\"}, \"passwd\": {\"users\": [{\"name\": \"core\","
                + " \"sshAuthorizedKeys\": [\"5678\", \"5678\", \"abc\"]}]}}");
    assertThat(r).isInstanceOf(IgnitionResult.Valid.class);
    IgnitionConfig c = ((IgnitionResult.Valid) r).config();
    assertThat(c.passwd().users().get(0).sshAuthorizedKeys()).containsExactly("5678", "abc");
    assertThat(r.problems())
        .extracting(Problem::toString)
        .containsExactly(
            "passwd.users[0].sshAuthorizedKeys[1]: duplicate SSH public key found; dropped");
  }

  @Test
  void coreUsersFoldIntoTheLastWithEveryKeyOnce() {
    IgnitionResult r =
        IgnitionParser.parse(
            "{\"ignition\": {\"version\": \"2.1.0\"}, \"passwd\": {\"users\": ["
                + "{\"name\": \"core\", \"sshAuthorizedKeys\": [\"ssh-ed25519 A\"]},"
                + "{\"name\": \"core\", \"sshAuthorizedKeys\": [\"ssh-ed25519 B\","
                + " \"ssh-ed25519 A\"]}]}}");
    IgnitionConfig c = ((IgnitionResult.Valid) r).config();
    assertThat(c.passwd().users()).hasSize(1);
    assertThat(c.passwd().users().get(0).sshAuthorizedKeys())
        .containsExactly("ssh-ed25519 B", "ssh-ed25519 A");
    assertThat(r.problems()).noneMatch(Problem::isError).hasSize(2);
  }

  @Test
  void aUserOtherThanCoreIsMcosErrorIn2x() {
    IgnitionResult r =
        IgnitionParser.parse(
            "{\"ignition\": {\"version\": \"2.2.0\"}, \"passwd\": {\"users\": [{\"name\":"
                + " \"admin\"}]}}");
    assertThat(r).isInstanceOf(IgnitionResult.Invalid.class);
    assertThat(r.problems())
        .extracting(Problem::toString)
        .containsExactly(
            "passwd.users[0].name: unexpected user with name: \"admin\". Only core user is"
                + " supported"
                + " (MCO, spec 2.x)");
  }

  @Test
  void versions20And21AreReadAs22() {
    for (String v : new String[] {"2.0.0", "2.1.0"}) {
      IgnitionResult r =
          IgnitionParser.parse(
              "{\"ignition\": {\"version\": \""
                  + v
                  + "\"}, \"storage\": {\"files\": [{\"filesystem\": \"root\", \"path\":"
                  + " \"/etc/motd\", \"mode\": 420, \"contents\": {\"source\": \"data:,hi\"}}]},"
                  + " \"systemd\": {\"units\": [{\"name\": \"a.service\", \"enable\": true,"
                  + " \"contents\": \"[Service]\\nExecStart=/bin/true\\n\"}]}}");
      assertThat(r).as(v).isInstanceOf(IgnitionResult.Valid.class);
      IgnitionConfig c = ((IgnitionResult.Valid) r).config();
      assertThat(c.file("/etc/motd").orElseThrow().contents()).isEqualTo(Bytes.utf8("hi"));
      assertThat(c.unit("a.service").orElseThrow().enabled()).contains(true);
    }
  }

  @Test
  void spec3RefusesADuplicateKeyAsIgnitionDoes() {
    IgnitionResult r =
        IgnitionParser.parse(
            "{\"ignition\": {\"version\": \"3.5.0\"}, \"passwd\": {\"users\": [{\"name\": \"core\","
                + " \"sshAuthorizedKeys\": [\"5678\", \"5678\"]}]}}");
    assertThat(r.problems())
        .extracting(Problem::toString)
        .containsExactly("passwd.users[0].sshAuthorizedKeys[1]: duplicate entry defined");
  }
}
