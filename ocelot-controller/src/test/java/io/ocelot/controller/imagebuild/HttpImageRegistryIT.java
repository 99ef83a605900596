package io.ocelot.controller.imagebuild;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The production registry client against a real OCI registry (Debian's docker-registry). */
class HttpImageRegistryIT {
  @TempDir Path dir;

  @Test
  void deletesAnImageByDigestAndKnowsWhenItIsGone() throws Exception {
    try (RealRegistry real = RealRegistry.start(dir, true)) {
      String image = real.push("ocelot/layered", "layer one");
      String other = real.push("ocelot/layered", "layer two");
      assertThat(real.manifest(image)).isEqualTo(200);
      HttpImageRegistry registry = new HttpImageRegistry(Set.of(real.host));

      assertThat(registry.delete(image, Optional.empty())).isEqualTo(new ImageRegistry.Deleted());
      assertThat(real.manifest(image)).isEqualTo(404);
      assertThat(real.manifest(other)).as("the other image of the repository stays").isEqualTo(200);
      assertThat(registry.delete(image, Optional.empty())).isEqualTo(new ImageRegistry.Absent());
    }
  }

  @Test
  void aRegistryThatDoesNotDeleteRefusesWithItsWordsAndAnUnreachableOneFails() throws Exception {
    try (RealRegistry real = RealRegistry.start(dir, false)) {
      String image = real.push("ocelot/layered", "kept");
      ImageRegistry.Deletion d =
          new HttpImageRegistry(Set.of(real.host)).delete(image, Optional.empty());
      assertThat(d).isInstanceOf(ImageRegistry.Refused.class);
      assertThat(((ImageRegistry.Refused) d).why()).startsWith("HTTP 405").contains("UNSUPPORTED");
      assertThat(real.manifest(image)).isEqualTo(200);
    }
    ImageRegistry.Deletion gone =
        new HttpImageRegistry(Set.of("127.0.0.1:9"))
            .delete("127.0.0.1:9/ocelot/layered@sha256:" + "a".repeat(64), Optional.empty());
    assertThat(gone).isInstanceOf(ImageRegistry.Failed.class);
    assertThat(((ImageRegistry.Failed) gone).why()).startsWith("cannot reach 127.0.0.1:9");
    assertThat(new HttpImageRegistry(Set.of()).delete("ocelot/layered:latest", Optional.empty()))
        .isEqualTo(
            new ImageRegistry.Refused(
                "ocelot/layered:latest is not an image by digest on a registry host"));
  }
}
