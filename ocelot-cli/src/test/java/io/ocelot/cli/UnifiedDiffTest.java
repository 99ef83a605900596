package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UnifiedDiffTest {

  @Test
  void equalTextsHaveNoDiff() {
    assertThat(UnifiedDiff.lines("a\nb\n", "a\nb\n")).isEmpty();
  }

  @Test
  void changedLineWithContext() {
    String before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
    String after = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
    assertThat(UnifiedDiff.lines(before, after))
        .containsExactly("@@ -2,7 +2,7 @@", " 2", " 3", " 4", "-5", "+five", " 6", " 7", " 8");
  }

  @Test
  void newFileIsAllAdditions() {
    assertThat(UnifiedDiff.lines("", "x\ny\n")).containsExactly("@@ -0,0 +1,2 @@", "+x", "+y");
  }

  @Test
  void distantChangesMakeSeparateHunks() {
    StringBuilder a = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      a.append(i).append('\n');
    }
    String b = a.toString().replace("\n2\n", "\nTWO\n").replace("\n25\n", "\nTWENTYFIVE\n");
    assertThat(UnifiedDiff.lines(a.toString(), b)).filteredOn(l -> l.startsWith("@@")).hasSize(2);
  }
}
