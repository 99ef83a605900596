package io.ocelot.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/**
 * A rollout as a picture (pure): over time, how many nodes wait, update and are done (stacked
 * areas), and the maxUnavailable line that the updating band must stay under.
 */
final class RolloutSvg {
  private static final int W = 800;
  private static final int H = 360;
  private static final int LEFT = 60;
  private static final int RIGHT = 20;
  private static final int TOP = 40;
  private static final int BOTTOM = 50;
  private static final int STEPS = 200;

  private RolloutSvg() {}

  /**
   * {@code targeted} and {@code done}: when each node was targeted and done; nodes never targeted
   * wait throughout.
   */
  static String render(
      String title,
      int nodes,
      int maxUnavailable,
      Map<String, Instant> targeted,
      Map<String, Instant> done) {
    Instant start = targeted.values().stream().min(Instant::compareTo).orElse(Instant.EPOCH);
    Instant end = done.values().stream().max(Instant::compareTo).orElse(start);
    double span = Math.max(1, Duration.between(start, end).toMillis());
    int[] waiting = new int[STEPS + 1];
    int[] updating = new int[STEPS + 1];
    for (int i = 0; i <= STEPS; i++) {
      Instant t = start.plusMillis((long) (span * i / STEPS));
      int tg = count(targeted.values(), t);
      int dn = count(done.values(), t);
      waiting[i] = nodes - tg;
      updating[i] = tg - dn;
    }
    double plotW = W - LEFT - RIGHT;
    double plotH = H - TOP - BOTTOM;
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"12\">%n",
            W,
            H));
    s.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    s.append(text(LEFT, 18, escape(title), 14));
    // Bands from the bottom: updating (so that it stands against the maxUnavailable line), done,
    // waiting.
    s.append(band(i -> 0, i -> updating[i], nodes, plotW, plotH, "#ff9800"));
    s.append(band(i -> updating[i], i -> nodes - waiting[i], nodes, plotW, plotH, "#4caf50"));
    s.append(band(i -> nodes - waiting[i], i -> nodes, nodes, plotW, plotH, "#bdbdbd"));
    double y = TOP + plotH - plotH * maxUnavailable / nodes;
    s.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#d32f2f\" "
                + "stroke-dasharray=\"6 4\" stroke-width=\"2\"/>%n",
            LEFT,
            y,
            LEFT + plotW,
            y));
    s.append(text(LEFT + 4, y - 4, "maxUnavailable " + maxUnavailable, 11));
    // Axes.
    s.append(
        String.format(
            Locale.ROOT,
            "<path d=\"M%d %d V%.1f H%.1f\" stroke=\"black\" fill=\"none\"/>%n",
            LEFT,
            TOP,
            TOP + plotH,
            LEFT + plotW));
    for (int k = 0; k <= 4; k++) {
      double x = LEFT + plotW * k / 4;
      s.append(
          text(
              x - 10, TOP + plotH + 16, String.format(Locale.ROOT, "%.0f s", span * k / 4000), 11));
      double yy = TOP + plotH - plotH * k / 4;
      s.append(text(8, yy + 4, Integer.toString(nodes * k / 4), 11));
    }
    s.append(text(LEFT + plotW / 2 - 60, H - 12, "time since the first node was targeted", 11));
    s.append(legend(LEFT, "#ff9800", "updating"));
    s.append(legend(LEFT + 80, "#4caf50", "done"));
    s.append(legend(LEFT + 140, "#bdbdbd", "waiting"));
    s.append("</svg>\n");
    return s.toString();
  }

  private static int count(java.util.Collection<Instant> at, Instant t) {
    int n = 0;
    for (Instant i : at) {
      if (!i.isAfter(t)) {
        n++;
      }
    }
    return n;
  }

  private static String band(
      java.util.function.IntUnaryOperator low,
      java.util.function.IntUnaryOperator high,
      int nodes,
      double plotW,
      double plotH,
      String colour) {
    StringBuilder d = new StringBuilder();
    for (int i = 0; i <= STEPS; i++) {
      d.append(i == 0 ? "M" : "L").append(point(i, high.applyAsInt(i), nodes, plotW, plotH));
    }
    for (int i = STEPS; i >= 0; i--) {
      d.append("L").append(point(i, low.applyAsInt(i), nodes, plotW, plotH));
    }
    return "<path d=\"" + d + "Z\" fill=\"" + colour + "\" stroke=\"none\"/>\n";
  }

  private static String point(int i, int value, int nodes, double plotW, double plotH) {
    return String.format(
        Locale.ROOT,
        "%.1f %.1f ",
        LEFT + plotW * i / STEPS,
        TOP + plotH - plotH * value / Math.max(1, nodes));
  }

  private static String legend(double x, String colour, String label) {
    return String.format(
            Locale.ROOT,
            "<rect x=\"%.1f\" y=\"24\" width=\"10\" height=\"10\" fill=\"%s\"/>%n",
            x,
            colour)
        + text(x + 14, 33, label, 11);
  }

  private static String text(double x, double y, String t, int size) {
    return String.format(
        Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\">%s</text>%n", x, y, size, t);
  }

  private static String escape(String t) {
    return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
