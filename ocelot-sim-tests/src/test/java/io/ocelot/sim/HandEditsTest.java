package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HandEditsTest {
  @TempDir Path root;

  @Test
  void driftAppendsALineAndFixDriftTakesItBack() throws Exception {
    Path role = root.resolve("etc/ocelot/role");
    Files.createDirectories(role.getParent());
    Files.writeString(role, "worker\n");
    assertThat(HandEdits.drift(root, "worker-0", "/etc/ocelot/role")).contains("appended a line");
    assertThat(role).hasContent("worker\n" + HandEdits.LINE);
    assertThat(HandEdits.undo(root, "worker-0", "/etc/ocelot/role")).contains("removed the line");
    assertThat(Files.readString(role)).isEqualTo("worker\n");
    assertThat(HandEdits.undo(root, "worker-0", "/etc/ocelot/role")).contains("carries no line");
  }

  @Test
  void onlyAnAbsolutePathOfARegularFileInsideTheRootIsEdited() throws Exception {
    Files.writeString(root.resolve("target"), "x");
    Files.createSymbolicLink(root.resolve("link"), root.resolve("target"));
    for (String bad : new String[] {"etc/ocelot/role", "/../outside", "/missing", "/link", "/"}) {
      assertThatThrownBy(() -> HandEdits.drift(root, "worker-0", bad))
          .as(bad)
          .isInstanceOf(SimException.class)
          .hasMessageContaining("drift needs the absolute path of a regular file");
    }
    assertThat(root.resolve("target")).hasContent("x");
  }
}
