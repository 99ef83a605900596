package io.ocelot.api.ignition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DataUrlTest {

  @Test
  void decodesBase64AndPercentEncoding() {
    assertThat(DataUrl.decode("data:text/plain;charset=utf-8;base64,aGk="))
        .isEqualTo(new DataUrl.Decoded(Bytes.utf8("hi")));
    assertThat(DataUrl.decode("data:,a%20b%0A"))
        .isEqualTo(new DataUrl.Decoded(Bytes.utf8("a b\n")));
    assertThat(DataUrl.decode("DATA:,x")).isEqualTo(new DataUrl.Decoded(Bytes.utf8("x")));
    assertThat(DataUrl.decode("data:,")).isEqualTo(new DataUrl.Decoded(Bytes.EMPTY));
  }

  @Test
  void roundTripsArbitraryBytes() {
    byte[] all = new byte[256];
    for (int i = 0; i < all.length; i++) {
      all[i] = (byte) i;
    }
    assertThat(DataUrl.decode(DataUrl.encodeBase64(Bytes.of(all))))
        .isEqualTo(new DataUrl.Decoded(Bytes.of(all)));
  }

  @Test
  void bytesCompareByValueAndKnowText() {
    assertThat(Bytes.utf8("a"))
        .isEqualTo(Bytes.of(new byte[] {'a'}))
        .hasSameHashCodeAs(Bytes.utf8("a"));
    assertThat(Bytes.utf8("héllo\n").isText()).isTrue();
    assertThat(Bytes.of(new byte[] {0, 1}).isText()).isFalse();
    assertThat(Bytes.of(new byte[] {(byte) 0xff}).isText()).isFalse();
  }
}
