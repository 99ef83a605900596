package io.ocelot.api.ignition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ignition's storage rules, as its own tables state them (coreos/ignition,
 * config/v3_5/types/storage_test.go TestStorageValidateErrors and config_test.go
 * TestConfigValidation): the same sections, the same field path and words.
 */
class StorageRulesTest {
  static String v3(String body) {
    return "{\"ignition\": {\"version\": \"3.5.0\"}, " + body + "}";
  }

  static final String LINK_FOO = "{\"path\": \"/foo\", \"target\": \"/foo-t\"}";

  @ParameterizedTest(name = "{2}")
  @CsvSource(
      delimiter = '|',
      value = {
        // storage_test.go
        "\"storage\": {\"links\": ["
            + LINK_FOO
            + ", {\"path\": \"/quux\", \"target\": \"/quux-t\"}],"
            + " \"files\": [{\"path\": \"/bar\"}], \"directories\": [{\"path\": \"/baz\"}]}|''|valid",
        "\"storage\": {\"links\": ["
            + LINK_FOO
            + "], \"files\": [{\"path\": \"/foo/bar\"}]}"
            + "|storage.files[0]: file path includes link in config|file through a link",
        "\"storage\": {\"links\": ["
            + LINK_FOO
            + "], \"directories\": [{\"path\": \"/foo/bar\"}]}"
            + "|storage.directories[0]: directory path includes link in config|directory through a"
            + " link",
        "\"storage\": {\"links\": ["
            + LINK_FOO
            + ", {\"path\": \"/foo/bar\", \"target\":"
            + " \"/foo-bar-t\"}]}|storage.links[1]: link path includes link in config|link through"
            + " a link",
        "\"storage\": {\"links\": [{\"path\": \"/foo\", \"hard\": true}]}"
            + "|storage.links[0].target: link target is required|no target",
        "\"storage\": {\"links\": [{\"path\": \"/foo\", \"target\": \"\"}]}"
            + "|storage.links[0].target: link target is required|empty target",
        "\"storage\": {\"links\": ["
            + LINK_FOO
            + ", {\"path\": \"/foob/bar\", \"target\":"
            + " \"/foob-bar-t\"}]}|''|a prefix that is not a parent",
        "\"storage\": {\"links\": [{\"path\": \"/quux\", \"target\": \"/foo/bar\", \"hard\": true}],"
            + " \"directories\": [{\"path\": \"/foo/bar\"}]}"
            + "|storage.links[0]: hard link target is a directory|hard link to a directory",
        "\"storage\": {\"links\": [{\"path\": \"/quux\", \"target\": \"/foo/bar\", \"hard\": true,"
            + " \"user\": {\"id\": 0}}]}|storage.links[0].user.id: user/group ignored for"
            + " hard link|hard link with an owner",
        // config_test.go
        "\"storage\": {\"files\": [{\"path\": \"/etc/systemd/system/foo.service\"}]}, \"systemd\":"
            + " {\"units\": [{\"name\": \"foo.service\", \"contents\": \"[Unit]\"}]}"
            + "|storage.files[0].path: path conflicts with systemd unit or dropin|file at a unit",
        "\"storage\": {\"directories\": [{\"path\": \"/etc/systemd/system/foo.service.d/bar.conf\"}]},"
            + " \"systemd\": {\"units\": [{\"name\": \"foo.service\", \"dropins\": [{\"name\":"
            + " \"bar.conf\", \"contents\": \"[Service]\"}]}]}"
            + "|storage.directories[0].path: path conflicts with systemd unit or dropin|directory at a"
            + " dropin",
        "\"storage\": {\"files\": [{\"path\": \"/etc/systemd/system/foo.service\"}]}, \"systemd\":"
            + " {\"units\": [{\"name\": \"foo.service\", \"enabled\": true}]}|''|a unit without"
            + " contents writes nothing there",
      })
  void ignitionsTables(String body, String problem, String name) {
    IgnitionResult r = IgnitionParser.parse(v3(body));
    assertThat(r.problems().stream().map(Problem::toString).toList())
        .as(name)
        .isEqualTo(problem.isEmpty() ? java.util.List.of() : java.util.List.of(problem));
  }
}
