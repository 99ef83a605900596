package io.ocelot.api.ignition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CryptHashesTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "*",
        "!",
        "!!",
        "!$6$salt$hash",
        "$6$rounds=5000$salt$H4sh./x",
        "$y$j9T$F5Jx5fExrKuPp53xLKQ..1$X3DX6M94c7o.9agCG9G317fhZg9SqC.5i5rd.RhAtQ7",
        "$2b$12$abcdefghijklmnopqrstuu",
        "$1$s$h",
        "ab01./ABCDxyz",
        "_J9..CCCCXBrJUJV154M"
      })
  void acceptsWhatCryptWrites(String hash) {
    assertThat(CryptHashes.problem(hash)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "$6$x\nroot::0:0::/:/bin/sh",
        "$6$x\r",
        "$6$x:19000:0",
        "$6$x\t",
        "$6$x y",
        "$6$x\u0000",
        "$6$",
        "$6",
        "$$x",
        "plain",
        "!plain"
      })
  void refusesWhatCouldBreakAShadowLineOrIsNoHash(String hash) {
    assertThat(CryptHashes.problem(hash)).isPresent();
  }
}
