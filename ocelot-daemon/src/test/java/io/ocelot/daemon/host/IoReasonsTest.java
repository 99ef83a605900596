package io.ocelot.daemon.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

class IoReasonsTest {
  @Test
  void aPathOnlyExceptionGetsTheOperatingSystemsWords() {
    assertThat(IoReasons.of(new DirectoryNotEmptyException("/tmp/x/etc/gone.conf")))
        .isEqualTo("Directory not empty");
    assertThat(IoReasons.of(new NoSuchFileException("/a", "/b", null)))
        .isEqualTo("No such file or directory (/b)");
  }

  @Test
  void theExceptionsOwnReasonWinsAndOtherwiseItsMessage() {
    assertThat(IoReasons.of(new FileSystemException("/a", null, "File name too long")))
        .isEqualTo("File name too long");
    assertThat(IoReasons.of(new IOException("Broken pipe"))).isEqualTo("Broken pipe");
    assertThat(IoReasons.of(new IOException())).isEqualTo("IOException");
  }
}
