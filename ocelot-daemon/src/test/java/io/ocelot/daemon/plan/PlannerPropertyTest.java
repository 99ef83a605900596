package io.ocelot.daemon.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.disruption.PostAction;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Properties over generated configs (seeded, so a failure names a reproducible seed). */
class PlannerPropertyTest {
  private static final List<String> PATHS =
      List.of("/etc/a", "/etc/b.conf", "/etc/containers/registries.conf", "/var/lib/x", "/etc/z");
  private static final List<String> UNITS = List.of("a.service", "b.timer", "c@.service");
  private static final List<String> WORDS = List.of("alpha", "beta", "gamma", "delta", "\n", "é");

  static Stream<Long> seeds() {
    return IntStream.range(0, 200).mapToObj(i -> 1000L + i);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aConfigAgainstItselfHasNoDiffAndNoSteps(long seed) {
    MachineConfig x = generate(new Random(seed), "rendered-x", 0);
    UpdatePlan p = plan(x, x);
    assertThat(p.diff().isEmpty()).as("seed %d", seed).isTrue();
    assertThat(p.steps()).isEmpty();
    assertThat(p.isNoop()).isTrue();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void encodingNeverMattersOnlyBytesDo(long seed) {
    MachineConfig x = generate(new Random(seed), "rendered-x", 0);
    MachineConfig reencoded = generate(new Random(seed), "rendered-x", 1);
    UpdatePlan p = plan(x, reencoded);
    assertThat(p.diff().isEmpty()).as("seed %d", seed).isTrue();
    assertThat(p.isNoop()).isTrue();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void stepsTouchExactlyTheItemsThatDiffer(long seed) {
    Random random = new Random(seed);
    MachineConfig x = generate(random, "rendered-x", 0);
    MachineConfig y = generate(random, "rendered-y", 0);
    UpdatePlan forward = plan(x, y);
    UpdatePlan back = plan(y, x);

    Set<String> changedFiles = new HashSet<>();
    forward.diff().fileChanges().forEach(c -> changedFiles.add(c.key()));
    assertThat(fileSteps(forward)).isEqualTo(changedFiles);
    assertThat(fileSteps(back)).isEqualTo(changedFiles);
    assertThat(forward.diff().units()).isEqualTo(!forward.diff().unitChanges().isEmpty());
    // Drain comes first exactly when the node is disrupted.
    boolean drains =
        !forward.steps().isEmpty() && forward.steps().get(0) instanceof Step.RequestDrain;
    assertThat(drains).isEqualTo(forward.disruption().action() != PostAction.NONE);
  }

  private static Set<String> fileSteps(UpdatePlan p) {
    Set<String> out = new HashSet<>();
    for (Step s : p.steps()) {
      if (s instanceof Step.WriteFile w) {
        out.add(w.file().path());
      } else if (s instanceof Step.RemoveFile r) {
        out.add(r.previous().path());
      }
    }
    return out;
  }

  private static UpdatePlan plan(MachineConfig a, MachineConfig b) {
    PlanResult r = Planner.plan(ConfigTarget.of(a), ConfigTarget.of(b), Observed.NOTHING);
    assertThat(r).isInstanceOf(PlanResult.Ready.class);
    return ((PlanResult.Ready) r).plan();
  }

  /**
   * A random reconcilable config. {@code encoding} 0 writes base64, 1 percent-encoding or gzip: the
   * same seed gives the same bytes either way.
   */
  static MachineConfig generate(Random r, String name, int encoding) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode root = f.objectNode();
    root.putObject("ignition").put("version", "3." + r.nextInt(6) + ".0");
    ArrayNode files = root.putObject("storage").putArray("files");
    for (String path : PATHS) {
      if (r.nextBoolean()) {
        String contents = text(r);
        ObjectNode file = files.addObject().put("path", path).put("mode", r.nextInt(0777 + 1));
        ObjectNode c = file.putObject("contents");
        if (encoding == 0) {
          c.put("source", "data:;base64," + b64(contents.getBytes(StandardCharsets.UTF_8)));
        } else if (contents.length() % 2 == 0) {
          c.put(
              "source",
              "data:," + URLEncoder.encode(contents, StandardCharsets.UTF_8).replace("+", "%20"));
        } else {
          c.put("compression", "gzip").put("source", "data:;base64," + b64(gzip(contents)));
        }
      }
    }
    ArrayNode units = root.putObject("systemd").putArray("units");
    for (String unit : UNITS) {
      if (r.nextBoolean()) {
        ObjectNode u = units.addObject().put("name", unit).put("contents", text(r));
        if (r.nextBoolean()) {
          u.put("enabled", r.nextBoolean());
        }
        if (r.nextBoolean()) {
          u.putArray("dropins").addObject().put("name", "10-x.conf").put("contents", text(r));
        }
      }
    }
    if (r.nextBoolean()) {
      ObjectNode core = root.putObject("passwd").putArray("users").addObject().put("name", "core");
      core.putArray("sshAuthorizedKeys").add("ssh-ed25519 KEY" + r.nextInt(3));
      if (r.nextBoolean()) {
        core.put("passwordHash", "$6$" + r.nextInt(3));
      }
    }
    MachineConfig mc = MachineConfigs.create(name, "worker", root, Configs.BASE);
    if (r.nextBoolean()) {
      mc.getSpec().setKernelArguments(List.of("a=" + r.nextInt(2), "b"));
    }
    if (r.nextInt(4) == 0) {
      mc.getSpec().setOsImageURL(Configs.BASE2);
    }
    return mc;
  }

  private static String text(Random r) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 1 + r.nextInt(6); i++) {
      b.append(WORDS.get(r.nextInt(WORDS.size()))).append(' ');
    }
    return b.toString();
  }

  private static String b64(byte[] bytes) {
    return Base64.getEncoder().encodeToString(bytes);
  }

  private static byte[] gzip(String s) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(s.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return out.toByteArray();
  }
}
