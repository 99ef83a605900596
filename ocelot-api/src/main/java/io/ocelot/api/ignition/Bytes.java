package io.ocelot.api.ignition;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Immutable file contents with value equality (a record of {@code byte[]} would compare ids). */
public final class Bytes {
  public static final Bytes EMPTY = new Bytes(new byte[0]);

  private final byte[] data;

  private Bytes(byte[] data) {
    this.data = data;
  }

  public static Bytes of(byte[] data) {
    return data.length == 0 ? EMPTY : new Bytes(data.clone());
  }

  /**
   * Takes {@code data} without copying it: for an array made for this call and dropped by the
   * caller (a decoder's output, a file just read), so that a 4 MiB file is not held twice.
   */
  public static Bytes adopt(byte[] data) {
    return data.length == 0 ? EMPTY : new Bytes(data);
  }

  public static Bytes utf8(String text) {
    return adopt(text.getBytes(StandardCharsets.UTF_8));
  }

  public byte[] toArray() {
    return data.clone();
  }

  /** The contents as a read-only buffer, without a copy. */
  public ByteBuffer buffer() {
    return ByteBuffer.wrap(data).asReadOnlyBuffer();
  }

  /** The contents as a stream, without a copy. */
  public java.io.InputStream stream() {
    return new java.io.ByteArrayInputStream(data);
  }

  public int size() {
    return data.length;
  }

  public boolean isEmpty() {
    return data.length == 0;
  }

  /** True when the contents are valid UTF-8 without NUL bytes, so a line diff makes sense. */
  public boolean isText() {
    for (byte b : data) {
      if (b == 0) {
        return false;
      }
    }
    try {
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(data));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  /** The contents as UTF-8 text (malformed input replaced). */
  public String asUtf8() {
    return new String(data, StandardCharsets.UTF_8);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Bytes && Arrays.equals(data, ((Bytes) o).data);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(data);
  }

  @Override
  public String toString() {
    return "Bytes[" + data.length + "]";
  }
}
