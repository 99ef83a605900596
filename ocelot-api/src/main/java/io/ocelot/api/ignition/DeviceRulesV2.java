package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Spec 2.2's rules for disks, partitions, filesystems and RAID arrays, as the Ignition MCO reads
 * 2.2 with checks them (coreos/ignition v0.x config/v2_2/types: disk.go, partition.go,
 * filesystem.go, raid.go). 2.2 places partitions by sector and mounts a filesystem through a {@code
 * mount} object.
 */
final class DeviceRulesV2 {
  /** 2.2 knows the formats that have a label limit; "none" came in 3.3. */
  private static final Set<String> FORMATS = DeviceRules.LABEL_LIMITS.keySet();

  private static final Map<String, Integer> LABEL_LIMITS = DeviceRules.LABEL_LIMITS;
  private static final int SECTORS_PER_MIB = 2048;

  private final ParseContext ctx;

  private DeviceRulesV2(ParseContext ctx) {
    this.ctx = ctx;
  }

  static void check(ParseContext ctx, JsonNode storage) {
    DeviceRulesV2 rules = new DeviceRulesV2(ctx);
    ctx.objects(storage, "disks", "storage", false).forEach(e -> rules.disk(e.node(), e.path()));
    ctx.objects(storage, "filesystems", "storage", false)
        .forEach(e -> rules.filesystem(e.node(), e.path()));
    ctx.objects(storage, "raid", "storage", false).forEach(e -> rules.raid(e.node(), e.path()));
  }

  private void disk(JsonNode disk, String at) {
    String device = DeviceRules.requiredDevice(ctx, disk, at);
    if (!device.isEmpty()) {
      absolute(device).ifPresent(p -> ctx.error(at + ".device", p));
    }
    List<JsonNode> all = new ArrayList<>();
    disk.path("partitions").forEach(all::add);
    for (ParseContext.Element p : ctx.objects(disk, "partitions", at, true)) {
      partition(p.node(), p.path());
    }
    String partitions = at + ".partitions";
    Partitions.v2(all).forEach(c -> ctx.error(partitions, c.message()));
    if (all.stream().anyMatch(p -> (p.path("start").asLong(0) & (SECTORS_PER_MIB - 1)) != 0)) {
      ctx.error(partitions, "partitions misaligned");
    }
  }

  private void partition(JsonNode p, String at) {
    ctx.knownFields(p, at, Set.of("guid", "label", "number", "size", "start", "typeGuid"));
    ctx.integer(p, "number", at);
    ctx.integer(p, "size", at);
    ctx.integer(p, "start", at);
    String label = ctx.string(p, "label", at).orElse("");
    if (DeviceRules.bytes(label) > 36) {
      ctx.error(at + ".label", "partition labels may not exceed 36 characters");
    }
    if (label.contains(":")) {
      ctx.warn(at + ".label", "partition label will be truncated to text before the colon");
    }
    for (String field : List.of("guid", "typeGuid")) {
      ctx.string(p, field, at)
          .filter(g -> !DeviceRules.isGuid(g))
          .ifPresent(g -> ctx.error(at + "." + field, DeviceRules.NOT_GUID));
    }
  }

  private void filesystem(JsonNode f, String at) {
    ctx.knownFields(f, at, Set.of("mount", "name", "path"));
    ctx.string(f, "name", at);
    Optional<String> path = ctx.string(f, "path", at);
    Optional<JsonNode> mount = ctx.object(f, "mount", at);
    if (mount.isEmpty() && path.isEmpty()) {
      ctx.error(at, "filesystem is missing mount or path");
    }
    path.flatMap(DeviceRulesV2::absolute).ifPresent(p -> ctx.error(at + ".path", p));
    mount.ifPresent(m -> mount(m, at + ".mount", path.isPresent(), at));
  }

  private void mount(JsonNode m, String at, boolean alsoPath, String fs) {
    ctx.knownFields(
        m, at, Set.of("create", "device", "format", "label", "options", "uuid", "wipeFilesystem"));
    if (alsoPath) {
      ctx.error(fs, "filesystem has both mount and path defined");
    }
    boolean wipe = ctx.bool(m, "wipeFilesystem", at).orElse(false);
    boolean options = !ctx.strings(m, "options", at).isEmpty();
    ctx.string(m, "uuid", at);
    ctx.object(m, "create", at)
        .ifPresent(
            c -> {
              ctx.knownFields(c, at + ".create", Set.of("force", "options"));
              ctx.bool(c, "force", at + ".create");
              ctx.strings(c, "options", at + ".create");
              if (wipe) {
                ctx.error(fs, "cannot use both create object and wipeFilesystem field");
              }
              if (options) {
                ctx.error(fs, "cannot use both create object and mount-level options field");
              }
              ctx.warn(fs, "the create object has been deprecated in favor of mount-level options");
            });
    String format = ctx.string(m, "format", at).orElse("");
    if (!FORMATS.contains(format)) {
      ctx.error(at + ".format", "invalid filesystem format");
    }
    absolute(ctx.string(m, "device", at).orElse("")).ifPresent(p -> ctx.error(at + ".device", p));
    ctx.string(m, "label", at)
        .flatMap(l -> DeviceRules.labelProblem(format, l))
        .ifPresent(message -> ctx.error(at + ".label", message));
  }

  private void raid(JsonNode r, String at) {
    ctx.knownFields(r, at, Set.of("devices", "level", "name", "options", "spares"));
    ctx.string(r, "name", at);
    ctx.strings(r, "options", at);
    DeviceRules.raidLevel(ctx, r, at, false);
    if (ctx.strings(r, "devices", at).stream().anyMatch(d -> absolute(d).isPresent())) {
      ctx.error(at + ".devices", "path not absolute");
    }
  }

  /** Spec 2.2's validatePath: absolute, nothing more. */
  private static Optional<String> absolute(String p) {
    return p.startsWith("/") ? Optional.empty() : Optional.of("path not absolute");
  }
}
