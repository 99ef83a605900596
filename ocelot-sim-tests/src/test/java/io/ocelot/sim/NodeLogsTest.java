package io.ocelot.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.runtime.logging.LogSetup;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

class NodeLogsTest {
  private static final Logger LOG = LoggerFactory.getLogger("io.ocelot.daemon.txn.UpdateEngine");

  @Test
  void eachNodeKeepsItsOwnLastLinesAndAFollowerReadsOnlyNewOnes() {
    NodeLogs logs = new NodeLogs();
    LogSetup.attach(logs);
    try {
      MDC.put("node", "worker-0");
      for (int i = 1; i <= NodeLogs.LINES_PER_NODE + 10; i++) {
        LOG.info("line {}", i);
      }
      MDC.put("node", "worker-1");
      LOG.warn("worker-1's own");
      MDC.remove("node");
      LOG.info("no node: the controller's, say");
    } finally {
      MDC.clear();
      LogSetup.detach(logs);
    }
    var zero = logs.since("worker-0", 0);
    assertThat(zero).hasSize(NodeLogs.LINES_PER_NODE);
    assertThat(zero.get(0).text()).endsWith("INFO UpdateEngine - line 11\n");
    assertThat(logs.since("worker-0", zero.get(zero.size() - 2).sequence()))
        .singleElement()
        .satisfies(l -> assertThat(l.text()).endsWith("line 210\n"));
    assertThat(logs.since("worker-1", 0))
        .singleElement()
        .satisfies(l -> assertThat(l.text()).contains("WARN UpdateEngine - worker-1's own"));
    assertThat(logs.since("master-0", 0)).isEmpty();
    assertThat(
            KubeletServer.daemonNode("openshift-machine-config-operator", "ocelot-daemon-worker-3"))
        .contains("worker-3");
    assertThat(KubeletServer.daemonNode("apps", "ocelot-daemon-worker-3")).isEmpty();
    assertThat(KubeletServer.daemonNode("openshift-machine-config-operator", "controller-1"))
        .isEmpty();
  }
}
