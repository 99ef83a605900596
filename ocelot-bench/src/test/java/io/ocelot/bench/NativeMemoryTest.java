package io.ocelot.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NativeMemoryTest {
  @Test
  void readsTheCommittedTotalAndCategoriesOfJcmdsSummary() {
    String summary =
        """
        12345:

        Native Memory Tracking:

        (Omitting categories weighting less than 1KB)

        Total: reserved=1462349KB, committed=97845KB
        -                 Java Heap (reserved=49152KB, committed=20480KB)
                                    (mmap: reserved=49152KB, committed=20480KB)

        -                     Class (reserved=1056864KB, committed=9312KB)
                                    (classes #8410)
        -                    Thread (reserved=31842KB, committed=2310KB)
        """;
    NativeMemory nmt = NativeMemory.parse(summary);
    assertThat(nmt.total()).isEqualTo(97845);
    assertThat(nmt.classes()).isEqualTo(8410);
    assertThat(nmt.committed())
        .containsEntry("Java Heap", 20480L)
        .containsEntry("Class", 9312L)
        .containsEntry("Thread", 2310L)
        .hasSize(3);
    assertThat(nmt.top(2)).isEqualTo("Java Heap 20.0, Class 9.1 (MiB)");
  }
}
