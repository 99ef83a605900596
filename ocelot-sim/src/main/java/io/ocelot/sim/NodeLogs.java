package io.ocelot.sim;

import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What each simulated node's daemon said: the log lines of every thread whose context names a node
 * (the daemon's worker, {@code node} in SLF4J's MDC), kept per node as a container runtime keeps a
 * container's log, the last {@link #LINES_PER_NODE} of them (a few updates: bounded, since a sim
 * may hold thousands of nodes), in the text format whatever the sim prints. {@link KubeletServer}
 * serves them to {@code kubectl logs} of the node's daemon pod.
 */
final class NodeLogs extends AppenderBase<ILoggingEvent> {
  static final int LINES_PER_NODE = 200;

  /** One line and when it was logged (for {@code kubectl logs --timestamps}). */
  record Line(long sequence, Instant at, String text) {}

  private final Map<String, Buffer> nodes = new ConcurrentHashMap<>();
  private final PatternLayout layout = new PatternLayout();

  NodeLogs() {
    setName("node-logs");
  }

  @Override
  public void start() {
    layout.setContext(getContext());
    layout.setPattern(io.ocelot.runtime.logging.LogSetup.TEXT_PATTERN);
    layout.start();
    super.start();
  }

  @Override
  protected void append(ILoggingEvent event) {
    String node = event.getMDCPropertyMap().get("node");
    if (node != null) {
      nodes
          .computeIfAbsent(node, n -> new Buffer())
          .add(Instant.ofEpochMilli(event.getTimeStamp()), layout.doLayout(event));
    }
  }

  /** The node's lines after {@code sequence} (0: all it keeps), oldest first. */
  List<Line> since(String node, long sequence) {
    Buffer b = nodes.get(node);
    return b == null ? List.of() : b.since(sequence);
  }

  private static final class Buffer {
    private final ArrayDeque<Line> lines = new ArrayDeque<>();
    private long appended;

    synchronized void add(Instant at, String text) {
      lines.addLast(new Line(++appended, at, text));
      if (lines.size() > LINES_PER_NODE) {
        lines.removeFirst();
      }
    }

    synchronized List<Line> since(long sequence) {
      return lines.stream().filter(l -> l.sequence() > sequence).toList();
    }
  }
}
