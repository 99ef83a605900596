package io.ocelot.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The head of an HTTP/1.x request (its line and headers), read from a socket up to a limit. */
final class HttpHead {
  private HttpHead() {}

  sealed interface Read permits Request, TooLarge, Malformed, Closed {}

  /** A request line: its method and the target's path (without the query). */
  record Request(String method, String path) implements Read {}

  /** More head than the limit before the blank line that ends it. */
  record TooLarge() implements Read {}

  /** A first line that is not {@code METHOD TARGET HTTP/1.x}. */
  record Malformed() implements Read {}

  /** The client closed the connection before the head ended. */
  record Closed() implements Read {}

  private static final Map<Integer, String> REASONS =
      Map.of(
          200, "OK",
          400, "Bad Request",
          404, "Not Found",
          405, "Method Not Allowed",
          431, "Request Header Fields Too Large",
          500, "Internal Server Error");

  static String reason(int code) {
    return REASONS.getOrDefault(code, "Unknown");
  }

  /**
   * Reads up to the blank line that ends the head ({@code \r\n\r\n}, or {@code \n\n} from lax
   * clients) and parses its first line; the headers themselves are not needed here. {@code in}
   * should be buffered: it is read a byte at a time.
   */
  static Read read(InputStream in, int limit) throws IOException {
    byte[] head = new byte[limit];
    int n = 0;
    while (true) {
      int b = in.read();
      if (b < 0) {
        return new Closed();
      }
      if (n == limit) {
        return new TooLarge();
      }
      head[n++] = (byte) b;
      if (b == '\n' && (endsWith(head, n, "\r\n\r\n") || endsWith(head, n, "\n\n"))) {
        break;
      }
    }
    String text = new String(head, 0, n, StandardCharsets.ISO_8859_1);
    String line = text.substring(0, text.indexOf('\n')).strip();
    String[] parts = line.split(" ");
    if (parts.length != 3 || !parts[2].startsWith("HTTP/1.") || !parts[1].startsWith("/")) {
      return new Malformed();
    }
    String target = parts[1];
    int query = target.indexOf('?');
    return new Request(parts[0], query < 0 ? target : target.substring(0, query));
  }

  private static boolean endsWith(byte[] bytes, int n, String end) {
    if (n < end.length()) {
      return false;
    }
    for (int i = 0; i < end.length(); i++) {
      if (bytes[n - end.length() + i] != end.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
