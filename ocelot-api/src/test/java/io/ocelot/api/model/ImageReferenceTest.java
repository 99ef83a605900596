package io.ocelot.api.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ImageReferenceTest {
  private static final String SHA256 =
      "@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "fedora",
        "quay.io/ocelot/fedora-coreos:latest",
        "quay.io/ocelot/fedora-coreos" + SHA256,
        "quay.io/ocelot/fedora-coreos:43" + SHA256,
        "localhost:5000/os",
        "localhost/os:v1.2_3",
        "registry.example.com:443/a__b/c.d-e--f/g",
        "quay.io/os@sha512:"
            + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
            + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
      })
  void validReferencesPass(String reference) {
    assertThat(ImageReference.problem(reference)).isEmpty();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "quay.io/os:latest --rm|whitespace at position 17",
        "quay.io/os\tx|whitespace at position 10",
        "quay.io/os@sha256:abc|the sha256 digest must be 64 lowercase hex digits, got 3 characters",
        "quay.io/os@md5:abc|the digest after '@' must be sha256:<64 hex digits> or sha512:<128>",
        "quay.io/OS:1|path component \"OS\" must be lowercase letters and digits",
        "quay.io/os:-x|the tag after ':' must be 1-128 letters",
        "quay.io:port/os|the registry port of \"quay.io:port\" must be a number",
        "-bad.io/os|the registry \"-bad.io\" is not a host name",
        "quay.io//os|path component \"\" must be lowercase",
        "quay.io/os\u00e9|character U+00E9 at position 10",
      })
  void malformedReferencesAreRefusedWithTheReason(String reference, String reason) {
    Optional<String> problem = ImageReference.problem(reference);
    assertThat(problem).isPresent();
    assertThat(problem.get()).startsWith(reason);
  }

  @ParameterizedTest
  @ValueSource(ints = {256, 100_000})
  void aLongNameIsRefusedQuickly(int length) {
    assertThat(ImageReference.problem("quay.io/" + "a".repeat(length)))
        .hasValueSatisfying(p -> assertThat(p).contains("over the limit of 255"));
    assertThat(ImageReference.problem("a-".repeat(length) + "\u0001"))
        .hasValueSatisfying(p -> assertThat(p).contains("U+0001").doesNotContain("limit"));
  }
}
