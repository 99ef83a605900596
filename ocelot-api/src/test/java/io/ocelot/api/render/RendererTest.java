package io.ocelot.api.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.ocelot.api.ignition.Bytes;
import io.ocelot.api.ignition.IgnitionBuilder;
import io.ocelot.api.ignition.IgnitionConfig;
import io.ocelot.api.ignition.IgnitionParser;
import io.ocelot.api.ignition.IgnitionResult;
import io.ocelot.api.ignition.UnitEntry;
import io.ocelot.api.json.Json;
import io.ocelot.api.model.MachineConfig;
import io.ocelot.api.model.MachineConfigs;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RendererTest {
  private static final String BASE = "quay.io/os@sha256:" + "1".repeat(64);

  static MachineConfig mc(String name, String role, IgnitionBuilder ign) {
    return MachineConfigs.create(name, role, ign.build(), null);
  }

  static RenderResult.Rendered render(String pool, List<MachineConfig> configs) {
    RenderResult r = Renderer.render(pool, configs, new RenderDefaults(BASE, "", "v1"));
    assertThat(r).isInstanceOf(RenderResult.Rendered.class);
    return (RenderResult.Rendered) r;
  }

  static IgnitionConfig ignition(MachineConfig mc) {
    return ((IgnitionResult.Valid) IgnitionParser.parse(mc.getSpec().getConfig())).config();
  }

  @Test
  void workerRoleConfigsMergeFirstThenTheRestByName() {
    MachineConfig custom = mc("00-custom", "infra", IgnitionBuilder.v3().file("/etc/x", "custom"));
    MachineConfig worker = mc("99-worker", "worker", IgnitionBuilder.v3().file("/etc/x", "worker"));
    MachineConfig other = mc("50-infra", "infra", IgnitionBuilder.v3().file("/etc/y", "infra"));

    RenderResult.Rendered r = render("infra", List.of(custom, other, worker));

    assertThat(r.sources())
        .extracting(ObjectReference::getName)
        .containsExactly("99-worker", "00-custom", "50-infra");
    // The custom pool's config is merged after the worker one, so it wins.
    assertThat(ignition(r.config()).file("/etc/x").orElseThrow().contents())
        .isEqualTo(Bytes.utf8("custom"));
    assertThat(ignition(r.config()).file("/etc/y")).isPresent();
  }

  @Test
  void laterConfigWinsPerFileAndUnitAndKeysAreUnited() {
    MachineConfig a =
        mc(
            "00-a",
            "worker",
            IgnitionBuilder.v3()
                .file("/etc/x", "a")
                .unit("a.service", "[Unit]\n", true)
                .core(List.of("ssh-rsa A"), null));
    MachineConfig b =
        mc(
            "10-b",
            "worker",
            IgnitionBuilder.v3()
                .file("/etc/x", "b")
                .dropin("a.service", "10-b.conf", "[Service]\n")
                .core(List.of("ssh-rsa B"), null));

    IgnitionConfig merged = ignition(render("worker", List.of(b, a)).config());

    assertThat(merged.files()).hasSize(1);
    assertThat(merged.file("/etc/x").orElseThrow().contents()).isEqualTo(Bytes.utf8("b"));
    UnitEntry unit = merged.unit("a.service").orElseThrow();
    assertThat(unit.contents()).contains("[Unit]\n");
    assertThat(unit.enabled()).contains(true);
    assertThat(unit.dropins()).extracting(UnitEntry.Dropin::name).containsExactly("10-b.conf");
    assertThat(merged.passwd().user("core").orElseThrow().sshAuthorizedKeys())
        .containsExactly("ssh-rsa A", "ssh-rsa B");
  }

  @Test
  void everyMergedFileGetsOverwriteTrue() {
    JsonNode noOverwrite =
        read(
            "{\"ignition\":{\"version\":\"3.4.0\"},\"storage\":{\"files\":[{\"path\":\"/etc/x\"}]}}");
    MachineConfig a = MachineConfigs.create("00-a", "worker", noOverwrite, null);
    JsonNode config = render("worker", List.of(a)).config().getSpec().getConfig();
    assertThat(config.path("storage").path("files").get(0).path("overwrite").asBoolean()).isTrue();
    assertThat(config.path("ignition").path("version").asText()).isEqualTo("3.5.0");
  }

  @Test
  void spec22ConfigsAreTranslatedAndMerged() {
    JsonNode v22 =
        read(
            "{\"ignition\":{\"version\":\"2.2.0\"},\"storage\":{\"files\":[{\"filesystem\":\"root\","
                + "\"path\":\"/etc/old\",\"mode\":420,\"contents\":{\"source\":\"data:,old\"}}]},"
                + "\"systemd\":{\"units\":[{\"name\":\"old.service\",\"enable\":true}]}}");
    MachineConfig a = MachineConfigs.create("00-a", "worker", v22, null);
    MachineConfig b = mc("10-b", "worker", IgnitionBuilder.v3().file("/etc/new", "new"));
    IgnitionConfig merged = ignition(render("worker", List.of(a, b)).config());
    assertThat(merged.file("/etc/old").orElseThrow().contents()).isEqualTo(Bytes.utf8("old"));
    assertThat(merged.unit("old.service").orElseThrow().enabled()).contains(true);
    assertThat(merged.files()).hasSize(2);
  }

  @Test
  void spec21DuplicatesRenderAsMcoFoldsThem() {
    JsonNode v21 =
        read(
            "{\"ignition\":{\"version\":\"2.1.0\"},\"systemd\":{\"units\":["
                + "{\"name\":\"a.service\",\"contents\":\"[Unit]\\n\",\"dropins\":["
                + "{\"name\":\"10-old.conf\",\"contents\":\"[Service]\\n\"}]},"
                + "{\"name\":\"a.service\",\"contents\":\"[Unit]\\nDescription=new\\n\"}]},"
                + "\"passwd\":{\"users\":[{\"name\":\"core\",\"sshAuthorizedKeys\":[\"k1\"]},"
                + "{\"name\":\"core\",\"sshAuthorizedKeys\":[\"k2\",\"k1\"]}]}}");
    MachineConfig a = MachineConfigs.create("00-a", "worker", v21, null);
    IgnitionConfig merged = ignition(render("worker", List.of(a)).config());
    UnitEntry unit = merged.unit("a.service").orElseThrow();
    assertThat(unit.contents()).contains("[Unit]\nDescription=new\n");
    assertThat(unit.dropins()).extracting(UnitEntry.Dropin::name).containsExactly("10-old.conf");
    assertThat(merged.passwd().users().get(0).sshAuthorizedKeys()).containsExactly("k2", "k1");
  }

  @Test
  void scalarFieldsFollowMcoRules() {
    MachineConfig a = mc("00-a", "worker", IgnitionBuilder.v3());
    a.getSpec().setKernelArguments(List.of("a=1"));
    a.getSpec().setExtensions(List.of("usbguard"));
    a.getSpec().setKernelType("realtime");
    a.getSpec().setFips(true);
    MachineConfig b = mc("10-b", "worker", IgnitionBuilder.v3());
    b.getSpec().setKernelArguments(List.of("b=2 c"));
    b.getSpec().setExtensions(List.of("sysstat"));
    b.getSpec().setKernelType("default");
    b.getSpec().setFips(false);
    b.getSpec().setOsImageURL("quay.io/custom@sha256:" + "2".repeat(64));

    MachineConfig r = render("worker", List.of(b, a)).config();

    assertThat(r.getSpec().getKernelArguments()).containsExactly("a=1", "b=2 c");
    assertThat(r.getSpec().getExtensions()).containsExactly("usbguard", "sysstat");
    assertThat(r.getSpec().getKernelType()).isEqualTo("realtime");
    assertThat(r.getSpec().getFips()).isTrue();
    assertThat(r.getSpec().getOsImageURL()).isEqualTo("quay.io/custom@sha256:" + "2".repeat(64));
    assertThat(r.getMetadata().getAnnotations())
        .containsEntry("machineconfiguration.openshift.io/generated-by-controller-version", "v1");
  }

  @Test
  void defaultsApplyWhenNoConfigSetsThem() {
    MachineConfig r =
        render("worker", List.of(mc("00-a", "worker", IgnitionBuilder.v3()))).config();
    assertThat(r.getSpec().getOsImageURL()).isEqualTo(BASE);
    assertThat(r.getSpec().getKernelType()).isEqualTo("default");
    assertThat(r.getSpec().getFips()).isFalse();
  }

  @Test
  void nameIsStableForEqualInputRegardlessOfOrder() {
    List<MachineConfig> configs = sample();
    String first = render("worker", configs).config().getMetadata().getName();
    List<MachineConfig> shuffled = new ArrayList<>(sample());
    Collections.reverse(shuffled);
    assertThat(render("worker", shuffled).config().getMetadata().getName()).isEqualTo(first);
    assertThat(first).matches("rendered-worker-[0-9a-f]{32}");
  }

  @Test
  void nameChangesWhenAnyInputChanges() {
    String base = render("worker", sample()).config().getMetadata().getName();
    List<List<MachineConfig>> variants = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      variants.add(sample());
    }
    variants
        .get(0)
        .get(0)
        .getSpec()
        .setConfig(IgnitionBuilder.v3().file("/etc/x", "changed").build());
    variants.get(1).get(1).getSpec().setKernelArguments(List.of("quiet"));
    variants.get(2).get(1).getSpec().setOsImageURL("quay.io/other@sha256:" + "3".repeat(64));
    variants.get(3).get(1).getSpec().setFips(true);
    variants.get(4).get(1).getSpec().setExtensions(List.of("wasm"));
    variants.get(5).get(1).getSpec().setKernelType("realtime");
    for (List<MachineConfig> v : variants) {
      assertThat(render("worker", v).config().getMetadata().getName()).isNotEqualTo(base);
    }
    assertThat(render("infra", sample()).config().getMetadata().getName())
        .startsWith("rendered-infra-");
  }

  @Test
  void invalidComponentFailsTheRenderNamingIt() {
    JsonNode bad =
        read(
            "{\"ignition\":{\"version\":\"3.5.0\"},\"storage\":{\"files\":[{\"path\":\"etc/x\"}]}}");
    MachineConfig broken = MachineConfigs.create("99-broken", "worker", bad, null);
    RenderResult r =
        Renderer.render("worker", List.of(sample().get(0), broken), RenderDefaults.NONE);
    assertThat(r).isInstanceOf(RenderResult.Failed.class);
    assertThat(((RenderResult.Failed) r).message())
        .isEqualTo(
            "MachineConfig 99-broken: spec.config.storage.files[0].path: \"etc/x\" must be absolute"
                + " and normalized");
  }

  @Test
  void invalidKernelTypeAndExtensionsFailWithMcoMessages() {
    MachineConfig a = mc("00-a", "worker", IgnitionBuilder.v3());
    a.getSpec().setKernelType("turbo");
    a.getSpec().setExtensions(List.of("wasm", "emacs", "vim"));
    RenderResult.Failed f =
        (RenderResult.Failed) Renderer.render("w", List.of(a), RenderDefaults.NONE);
    assertThat(f.message())
        .isEqualTo(
            "MachineConfig 00-a: spec.kernelType: kernelType=turbo is invalid; MachineConfig 00-a:"
                + " spec.extensions: invalid extensions found: [emacs vim]");
  }

  @Test
  void kernelDevelNeedsTheDefaultKernel() {
    MachineConfig a = mc("00-a", "worker", IgnitionBuilder.v3());
    a.getSpec().setKernelType("realtime");
    a.getSpec().setExtensions(List.of("kernel-devel"));
    RenderResult.Failed f =
        (RenderResult.Failed) Renderer.render("w", List.of(a), RenderDefaults.NONE);
    assertThat(f.message())
        .isEqualTo("installing kernel-devel extension is not supported with kernelType: realtime");
  }

  @Test
  void aMergeThatCollidesAcrossEntryTypesFails() {
    JsonNode link =
        read(
            "{\"ignition\":{\"version\":\"3.5.0\"},\"storage\":{\"links\":[{\"path\":\"/etc/l\","
                + "\"target\":\"/etc/x\"}]}}");
    MachineConfig a = MachineConfigs.create("00-a", "worker", link, null);
    MachineConfig b = mc("10-b", "worker", IgnitionBuilder.v3().file("/etc/l", "file"));
    RenderResult.Failed f =
        (RenderResult.Failed) Renderer.render("w", List.of(a, b), RenderDefaults.NONE);
    assertThat(f.message())
        .isEqualTo(
            "merged config.storage.files[0].path: duplicate path \"/etc/l\" (also at"
                + " storage.links[0].path)");
  }

  @Test
  void nothingToRenderIsAFailure() {
    assertThat(Renderer.render("w", List.of(), RenderDefaults.NONE))
        .isEqualTo(new RenderResult.Failed("no MachineConfigs to render for pool w", List.of()));
  }

  @Test
  void renderDoesNotChangeItsInputs() {
    List<MachineConfig> configs = sample();
    String before = Json.MAPPER.valueToTree(configs).toString();
    render("worker", configs);
    assertThat(Json.MAPPER.valueToTree(configs).toString()).isEqualTo(before);
    assertThat(Optional.ofNullable(configs.get(0).getSpec().getConfig())).isPresent();
  }

  private static List<MachineConfig> sample() {
    MachineConfig a = mc("00-worker", "worker", IgnitionBuilder.v3().file("/etc/x", "x"));
    MachineConfig b =
        mc("50-extra", "worker", IgnitionBuilder.v3().unit("b.service", "[Unit]\n", true));
    return new ArrayList<>(List.of(a, b));
  }

  private static JsonNode read(String json) {
    try {
      return Json.MAPPER.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
