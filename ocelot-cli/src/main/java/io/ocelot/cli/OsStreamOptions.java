package io.ocelot.cli;

import io.ocelot.api.model.OSImageStreamSet;
import io.ocelot.controller.streams.OsStreamCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code --os-image-stream NAME=OS_IMAGE[,EXTENSIONS_IMAGE]} and {@code --default-os-image-stream}:
 * the streams the controller publishes. Images by digest, as the schema wants them; a stream
 * without an extensions image uses its OS image for both (the simulated hosts need none).
 */
final class OsStreamOptions {
  private OsStreamOptions() {}

  static OsStreamCatalog catalog(List<String> options, String defaultStream) {
    if (options.isEmpty()) {
      if (defaultStream != null) {
        throw new IllegalArgumentException(
            "--default-os-image-stream needs the streams it picks from (--os-image-stream)");
      }
      return OsStreamCatalog.NONE;
    }
    List<OSImageStreamSet> streams = new ArrayList<>();
    Set<String> names = new TreeSet<>();
    for (String o : options) {
      int eq = o.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "--os-image-stream " + o + ": expected NAME=OS_IMAGE[,EXTENSIONS_IMAGE]");
      }
      String name = o.substring(0, eq);
      String[] images = o.substring(eq + 1).split(",", -1);
      if (images.length > 2 || images[0].isEmpty()) {
        throw new IllegalArgumentException(
            "--os-image-stream " + o + ": expected NAME=OS_IMAGE[,EXTENSIONS_IMAGE]");
      }
      if (!name.matches(OSImageStreamSet.DNS1123_SUBDOMAIN)) {
        throw new IllegalArgumentException(
            "--os-image-stream " + o + ": the name must be an RFC 1123 subdomain (e.g. rhel-10)");
      }
      for (String image : images) {
        if (!image.matches(OSImageStreamSet.DIGEST)) {
          throw new IllegalArgumentException(
              "--os-image-stream " + o + ": " + image + " is not an image by digest (@sha256:...)");
        }
      }
      if (!names.add(name)) {
        throw new IllegalArgumentException("--os-image-stream: " + name + " is given twice");
      }
      streams.add(
          new OSImageStreamSet(name, images[0], images.length == 2 ? images[1] : images[0]));
    }
    String chosen = defaultStream == null ? streams.get(0).name() : defaultStream;
    if (!names.contains(chosen)) {
      throw new IllegalArgumentException(
          "--default-os-image-stream " + chosen + " is not among the streams: " + names);
    }
    return new OsStreamCatalog(streams, chosen);
  }
}
