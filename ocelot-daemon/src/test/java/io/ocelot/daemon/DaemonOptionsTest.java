package io.ocelot.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.runtime.logging.LogFormat;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DaemonOptionsTest {
  @Test
  void readsBothArgumentFormsAndFillsTheDefaults() {
    DaemonOptions.Parsed parsed =
        DaemonOptions.parse(
            List.of("--node=worker-3", "--kubeconfig", "/etc/kube/config", "--host-root=/host"),
            Map.of());
    assertThat(parsed)
        .isEqualTo(
            new DaemonOptions.Valid(
                new DaemonOptions(
                    "worker-3",
                    Optional.of(Path.of("/etc/kube/config")),
                    Path.of("/host"),
                    HostWiring.Kind.CHROOT,
                    new InetSocketAddress("127.0.0.1", 8797),
                    DaemonSettings.DEFAULT_EVENT_NAMESPACE,
                    LogFormat.TEXT)));
  }

  @Test
  void theLogFormatComesFromItsOptionOrTheEnvironment() {
    Map<String, String> env = Map.of(LogFormat.ENV, "json");
    assertThat(options(List.of("--node=a"), env).logFormat()).isEqualTo(LogFormat.JSON);
    assertThat(options(List.of("--node=a", "--log-format=text"), env).logFormat())
        .isEqualTo(LogFormat.TEXT);
    assertThat(options(List.of("--node=a"), Map.of(LogFormat.ENV, "")).logFormat())
        .isEqualTo(LogFormat.TEXT);
    assertThat(DaemonOptions.parse(List.of("--node=a", "--log-format", "xml"), Map.of()))
        .isEqualTo(
            new DaemonOptions.Invalid(
                "--log-format: unknown log format 'xml': choose text or json"));
    assertThat(DaemonOptions.USAGE).contains("--log-format=text|json");
  }

  private static DaemonOptions options(List<String> args, Map<String, String> env) {
    return ((DaemonOptions.Valid) DaemonOptions.parse(args, env)).options();
  }

  @Test
  void theNodeComesFromNodeNameWhenNotGiven() {
    DaemonOptions.Parsed parsed =
        DaemonOptions.parse(
            List.of("--metrics-address=127.0.0.1:0"), Map.of("NODE_NAME", "worker-7"));
    DaemonOptions options = ((DaemonOptions.Valid) parsed).options();
    assertThat(options.node()).isEqualTo("worker-7");
    assertThat(options.hostRoot()).isEqualTo(Path.of("/rootfs"));
    assertThat(options.metricsAddress().getPort()).isZero();
    assertThat(options.kubeconfig()).isEmpty();
  }

  @Test
  void badArgumentsAreNamed() {
    assertThat(DaemonOptions.parse(List.of(), Map.of()))
        .isEqualTo(new DaemonOptions.Invalid("--node is required (or set NODE_NAME)"));
    assertThat(DaemonOptions.parse(List.of("--node=a", "--nodes=b"), Map.of()))
        .isEqualTo(new DaemonOptions.Invalid("unknown option --nodes"));
    assertThat(DaemonOptions.parse(List.of("--node=a", "--node=b"), Map.of()))
        .isEqualTo(new DaemonOptions.Invalid("--node given twice"));
    assertThat(DaemonOptions.parse(List.of("--node"), Map.of()))
        .isEqualTo(new DaemonOptions.Invalid("--node needs a value"));
    assertThat(DaemonOptions.parse(List.of("worker-1"), Map.of()))
        .isEqualTo(new DaemonOptions.Invalid("unexpected argument worker-1"));
    assertThat(DaemonOptions.parse(List.of("--node=a", "--metrics-address=8797"), Map.of()))
        .isEqualTo(new DaemonOptions.Invalid("--metrics-address must be host:port, got 8797"));
    assertThat(DaemonOptions.parse(List.of("--node=a", "--event-namespace="), Map.of()))
        .isEqualTo(new DaemonOptions.Invalid("--event-namespace must not be empty"));
    assertThat(DaemonOptions.parse(List.of("--node=a", "--help"), Map.of()))
        .isEqualTo(new DaemonOptions.Help());
    assertThat(DaemonOptions.parse(List.of("--node=a", "--host=auto"), Map.of()))
        .isEqualTo(new DaemonOptions.Invalid("--host must be chroot or simulated, got auto"));
    assertThat(DaemonOptions.parse(List.of("--node=a", "--host", "simulated"), Map.of()))
        .isInstanceOfSatisfying(
            DaemonOptions.Valid.class,
            v -> assertThat(v.options().host()).isEqualTo(HostWiring.Kind.SIMULATED));
  }

  @Test
  void theMainSaysWhatIsWrongAndTouchesNothing(@TempDir Path dir) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        DaemonMain.run(
            List.of("--node=a", "--host-root=" + dir.resolve("nope")),
            Map.of(),
            new PrintWriter(out),
            new PrintWriter(err));
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("error: host root " + dir.resolve("nope"));
    assertThat(dir).isEmptyDirectory();

    StringWriter usage = new StringWriter();
    assertThat(
            DaemonMain.run(
                List.of("--bogus"), Map.of(), new PrintWriter(out), new PrintWriter(usage)))
        .isEqualTo(2);
    assertThat(usage.toString()).contains("error: unknown option --bogus", "Usage: ocelot-daemon");
    assertThat(DaemonMain.run(List.of("-h"), Map.of(), new PrintWriter(out), new PrintWriter(err)))
        .isZero();
    assertThat(out.toString()).startsWith("Usage: ocelot-daemon --node=NAME");
  }

  @Test
  void aJvmWhoseFileNamesAreNotUtf8IsRefusedWithTheFixNamed() {
    assertThat(DaemonMain.pathEncodingProblem("UTF-8")).isEmpty();
    assertThat(DaemonMain.pathEncodingProblem("utf8")).isEmpty();
    assertThat(DaemonMain.pathEncodingProblem("ANSI_X3.4-1968"))
        .hasValueSatisfying(
            m ->
                assertThat(m)
                    .startsWith("this JVM names files in ANSI_X3.4-1968, not UTF-8")
                    .contains("LC_ALL=C.UTF-8"));
  }
}
