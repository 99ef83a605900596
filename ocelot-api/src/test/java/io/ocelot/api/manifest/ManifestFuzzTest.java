package io.ocelot.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.text.Printable;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A bounded fuzz run of the manifest reader and the MachineConfig check (seeded mutations of a
 * valid MachineConfig, in YAML and JSON): every input is read or refused with a reason — never an
 * exception — and every message prints on one line. {@code -Docelot.fuzz.runs=N} runs longer.
 */
class ManifestFuzzTest {
  private static final String YAML =
      """
      apiVersion: machineconfiguration.openshift.io/v1
      kind: MachineConfig
      metadata:
        name: 50-fuzz
        labels: {machineconfiguration.openshift.io/role: worker}
      spec:
        osImageURL: quay.io/os@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
        kernelArguments: [nosmt, &k "a=1", *k]
        config:
          ignition: {version: 3.5.0}
          storage:
            files:
            - path: /etc/chrony.conf
              mode: 0644
              contents: {source: "data:,pool%20a", compression: ""}
          systemd:
            units:
            - name: a.service
              enabled: true
              contents: |
                [Unit]
                Description=x
          passwd:
            users:
            - {name: core, passwordHash: "$6$salt$hash", sshAuthorizedKeys: ["ssh-ed25519 AAAA"]}
      """;

  private static final String JSON =
      "{\"apiVersion\": \"machineconfiguration.openshift.io/v1\", \"kind\": \"MachineConfig\","
          + " \"metadata\": {\"name\": \"50-fuzz\"}, \"spec\": {\"config\": {\"ignition\":"
          + " {\"version\": \"3.5.0\"}, \"storage\": {\"files\": [{\"path\": \"/etc/x\","
          + " \"contents\": {\"source\": \"data:;base64,eA==\"}}]}}}}";

  private static final String ALPHABET =
      "{}[]:,'\"&*!|>-#%@`\t\n \u0000\u00e9\u2028\\/.0123456789ay~<=";

  static Stream<Long> seeds() {
    int runs = Integer.getInteger("ocelot.fuzz.runs", 400);
    return IntStream.range(0, runs).mapToObj(i -> 31_000L + i);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void everyMutationIsReadOrRefusedNeverThrown(long seed) {
    Random random = new Random(seed);
    String text = mutate(random.nextBoolean() ? YAML : JSON, random);
    Manifests.ReadResult r = Manifests.read(text);
    if (r instanceof Manifests.Unreadable u) {
      assertThat(u.reason()).as("seed %d", seed).isNotBlank();
      return;
    }
    for (Manifests.Manifest m : ((Manifests.Read) r).manifests()) {
      CheckResult<?> checked =
          "MachineOSConfig".equals(m.kind())
              ? MachineOSConfigCheck.check(m.object())
              : MachineConfigCheck.check(m.object());
      checked
          .problems()
          .forEach(
              p ->
                  assertThat(Printable.escape(p.toString()).lines().count())
                      .as("seed %d: %s", seed, p)
                      .isEqualTo(1));
    }
  }

  private static String mutate(String text, Random random) {
    StringBuilder b = new StringBuilder(text);
    int edits = 1 + random.nextInt(6);
    for (int i = 0; i < edits && b.length() > 0; i++) {
      int at = random.nextInt(b.length());
      char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
      switch (random.nextInt(3)) {
        case 0 -> b.insert(at, c);
        case 1 -> b.deleteCharAt(at);
        default -> b.setCharAt(at, c);
      }
    }
    return b.toString();
  }
}
