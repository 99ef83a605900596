package io.ocelot.cli;

import java.util.ArrayList;
import java.util.List;

/** A line-based unified diff (LCS), good for the config files a plan shows. */
final class UnifiedDiff {
  private static final int CONTEXT = 3;

  /** Above this many cells the LCS table is too big to be worth it; say "differs" instead. */
  private static final long MAX_CELLS = 4_000_000L;

  private UnifiedDiff() {}

  /** The diff lines (without headers); empty when the texts are equal. */
  static List<String> lines(String before, String after) {
    List<String> a = split(before);
    List<String> b = split(after);
    if (a.equals(b)) {
      return List.of();
    }
    if ((long) a.size() * b.size() > MAX_CELLS) {
      return List.of("(" + a.size() + " lines -> " + b.size() + " lines; too large to diff)");
    }
    return hunks(a, b, edits(a, b));
  }

  private static List<String> split(String text) {
    if (text.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>(List.of(text.split("\n", -1)));
    if (text.endsWith("\n")) {
      out.remove(out.size() - 1);
    }
    return out;
  }

  /** One edit script entry: ' ' keep, '-' delete from a, '+' insert from b. */
  private record Edit(char op, String line, int aIndex, int bIndex) {}

  private static List<Edit> edits(List<String> a, List<String> b) {
    int n = a.size();
    int m = b.size();
    int[][] lcs = new int[n + 1][m + 1];
    for (int i = n - 1; i >= 0; i--) {
      for (int j = m - 1; j >= 0; j--) {
        lcs[i][j] =
            a.get(i).equals(b.get(j))
                ? lcs[i + 1][j + 1] + 1
                : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    List<Edit> out = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a.get(i).equals(b.get(j))) {
        out.add(new Edit(' ', a.get(i), i++, j++));
      } else if (j < m && (i == n || lcs[i][j + 1] > lcs[i + 1][j])) {
        out.add(new Edit('+', b.get(j), i, j++));
      } else {
        out.add(new Edit('-', a.get(i), i++, j));
      }
    }
    return out;
  }

  private static List<String> hunks(List<String> a, List<String> b, List<Edit> edits) {
    List<String> out = new ArrayList<>();
    int k = 0;
    while (k < edits.size()) {
      if (edits.get(k).op() == ' ') {
        k++;
        continue;
      }
      int start = Math.max(0, k - CONTEXT);
      int end = k;
      int lastChange = k;
      while (end < edits.size() && end - lastChange <= 2 * CONTEXT) {
        if (edits.get(end).op() != ' ') {
          lastChange = end;
        }
        end++;
      }
      end = Math.min(edits.size(), lastChange + CONTEXT + 1);
      out.add(header(edits.subList(start, end)));
      for (Edit e : edits.subList(start, end)) {
        out.add(e.op() + e.line());
      }
      k = end;
    }
    return out;
  }

  private static String header(List<Edit> hunk) {
    int aStart = hunk.get(0).aIndex();
    int bStart = hunk.get(0).bIndex();
    long aLen = hunk.stream().filter(e -> e.op() != '+').count();
    long bLen = hunk.stream().filter(e -> e.op() != '-').count();
    return "@@ -" + range(aStart, aLen) + " +" + range(bStart, bLen) + " @@";
  }

  private static String range(int start, long len) {
    return (len == 0 ? start : start + 1) + "," + len;
  }
}
