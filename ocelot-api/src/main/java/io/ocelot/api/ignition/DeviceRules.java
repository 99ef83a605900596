package io.ocelot.api.ignition;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Ignition's rules for the storage a node gets at its first boot and a running node never touches:
 * disks and partitions, filesystems, RAID arrays, LUKS volumes (spec 3.x; coreos/ignition
 * config/v3_5/types: disk.go, partition.go, filesystem.go, raid.go, luks.go, clevis.go, tang.go,
 * storage.go). Ignition's words at Ignition's field paths. Validation only: the daemon's model
 * keeps these sections as JSON to detect a change ({@link RefusedSections}).
 */
final class DeviceRules {
  private static final SpecVersion V3_1 = new SpecVersion(3, 1, 0);
  private static final SpecVersion V3_2 = new SpecVersion(3, 2, 0);
  private static final Pattern GUID =
      Pattern.compile(
          "^(|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$");
  static final Map<String, Integer> LABEL_LIMITS =
      Map.of("ext4", 16, "btrfs", 256, "xfs", 12, "swap", 15, "vfat", 11);
  static final Set<String> RAID_LEVELS =
      Set.of(
          "linear", "raid0", "0", "stripe", "raid1", "1", "mirror", "raid4", "4", "raid5", "5",
          "raid6", "6", "raid10", "10");
  static final Set<String> NO_SPARES = Set.of("linear", "raid0", "0", "stripe");
  private static final Set<String> PARTITION_V3_0 =
      Set.of(
          "guid",
          "label",
          "number",
          "shouldExist",
          "sizeMiB",
          "startMiB",
          "typeGuid",
          "wipePartitionEntry");
  private static final Set<String> PARTITION_V3_2 = plus(PARTITION_V3_0, "resize");
  private static final Set<String> FILESYSTEM_V3_0 =
      Set.of("device", "format", "label", "options", "path", "uuid", "wipeFilesystem");
  private static final Set<String> FILESYSTEM_V3_1 = plus(FILESYSTEM_V3_0, "mountOptions");
  static final String NOT_GUID = "doesn't match the form \"01234567-89AB-CDEF-EDCB-A98765432101\"";

  private final ParseContext ctx;
  private final SpecVersion version;

  private DeviceRules(ParseContext ctx) {
    this.ctx = ctx;
    this.version = ctx.version();
  }

  static void check(ParseContext ctx, JsonNode storage) {
    new DeviceRules(ctx).storage(storage);
  }

  private void storage(JsonNode storage) {
    Map<String, JsonNode> disks = new HashMap<>();
    Set<String> keys = new HashSet<>();
    for (ParseContext.Element e : ctx.objects(storage, "disks", "storage", false)) {
      disk(e.node(), e.path());
      String device = e.node().path("device").asText("");
      ctx.duplicate(keys, device, e.path());
      disks.putIfAbsent(device, e.node());
    }
    keys.clear();
    for (ParseContext.Element e : ctx.objects(storage, "filesystems", "storage", false)) {
      filesystem(e.node(), e.path(), disks);
      ctx.duplicate(keys, e.node().path("device").asText(""), e.path());
    }
    keys.clear();
    for (ParseContext.Element e : ctx.objects(storage, "raid", "storage", false)) {
      raid(e.node(), e.path());
      ctx.duplicate(keys, e.node().path("name").asText(""), e.path());
    }
    keys.clear();
    if (version.atLeast(V3_2)) {
      for (ParseContext.Element e : ctx.objects(storage, "luks", "storage", false)) {
        LuksRules.check(ctx, e.node(), e.path());
        ctx.duplicate(keys, e.node().path("name").asText(""), e.path());
      }
    }
  }

  private void disk(JsonNode disk, String at) {
    String device = requiredDevice(ctx, disk, at);
    if (device.isEmpty()) {
      return;
    }
    devicePath(device).ifPresent(p -> ctx.error(at + ".device", p));
    // Collisions are checked over every element, as Ignition indexes them.
    List<JsonNode> all = new java.util.ArrayList<>();
    disk.path("partitions").forEach(all::add);
    Set<String> keys = new HashSet<>();
    for (ParseContext.Element p : ctx.objects(disk, "partitions", at, true)) {
      partition(p.node(), p.path());
      ctx.duplicate(keys, partitionKey(p.node()), p.path());
    }
    Partitions.v3(all).forEach(c -> ctx.error(at + ".partitions[" + c.index() + "]", c.message()));
  }

  private static String partitionKey(JsonNode p) {
    int number = p.path("number").asInt(0);
    if (number != 0) {
      return "number:" + number;
    }
    return p.path("label").isTextual() ? "label:" + p.path("label").asText() : "";
  }

  private void partition(JsonNode p, String at) {
    ctx.knownFields(p, at, version.atLeast(V3_2) ? PARTITION_V3_2 : PARTITION_V3_0);
    Optional<String> label = ctx.string(p, "label", at);
    int number = ctx.integer(p, "number", at).orElse(0);
    Optional<String> guid = ctx.string(p, "guid", at);
    Optional<String> typeGuid = ctx.string(p, "typeGuid", at);
    boolean placed =
        ctx.integer(p, "startMiB", at).isPresent() | ctx.integer(p, "sizeMiB", at).isPresent();
    boolean others =
        label.isPresent() || !guid.orElse("").isEmpty() || !typeGuid.orElse("").isEmpty() || placed;
    ctx.bool(p, "resize", at);
    ctx.bool(p, "wipePartitionEntry", at);
    if (!ctx.bool(p, "shouldExist", at).orElse(true) && others) {
      ctx.error(at, "shouldExist specified false with other options also specified");
    }
    if (number == 0 && label.isEmpty()) {
      ctx.error(at, "a partition number >= 1 or a label must be specified");
    }
    label.ifPresent(
        l -> {
          if (bytes(l) > 36) {
            ctx.error(at + ".label", "partition labels may not exceed 36 characters");
          } else if (l.contains(":")) {
            ctx.error(at + ".label", "partition label will be truncated to text before the colon");
          }
        });
    guid.filter(g -> !isGuid(g)).ifPresent(g -> ctx.error(at + ".guid", NOT_GUID));
    typeGuid.filter(g -> !isGuid(g)).ifPresent(g -> ctx.error(at + ".typeGuid", NOT_GUID));
  }

  private void filesystem(JsonNode f, String at, Map<String, JsonNode> disks) {
    ctx.knownFields(f, at, version.atLeast(V3_1) ? FILESYSTEM_V3_1 : FILESYSTEM_V3_0);
    String path = ctx.string(f, "path", at).orElse("");
    if (!path.isEmpty()) {
      devicePath(path).ifPresent(p -> ctx.error(at + ".path", p));
    }
    String device = ctx.string(f, "device", at).orElse("");
    devicePath(device).ifPresent(p -> ctx.error(at + ".device", p));
    String format = ctx.string(f, "format", at).orElse("");
    String label = ctx.string(f, "label", at).orElse("");
    boolean wipe = ctx.bool(f, "wipeFilesystem", at).orElse(false);
    boolean options =
        !ctx.strings(f, "options", at).isEmpty() || !ctx.strings(f, "mountOptions", at).isEmpty();
    if (format.isEmpty()) {
      boolean uuid = !ctx.string(f, "uuid", at).orElse("").isEmpty();
      if (!path.isEmpty() || !label.isEmpty() || uuid || wipe || options) {
        ctx.error(
            at + ".format",
            "format cannot be empty when path, label, uuid, wipeFilesystem, options, or"
                + " mountOptions is specified");
      }
    } else if (!LABEL_LIMITS.containsKey(format)
        && !(format.equals("none") && version.atLeast(SpecVersion.V3_3))) {
      ctx.error(at + ".format", "invalid filesystem format");
    }
    if (!label.isEmpty()) {
      if (format.isEmpty()) {
        ctx.error(at + ".label", "filesystem must specify format if label is specified");
      } else {
        labelProblem(format, label).ifPresent(m -> ctx.error(at + ".label", m));
      }
    }
    JsonNode disk = disks.get(device);
    if (disk != null) {
      if (!disk.path("partitions").isEmpty()) {
        ctx.warn(at + ".device", "filesystem overwrites partitioned device");
      } else if (!wipe && disk.path("wipeTable").asBoolean(false)) {
        ctx.warn(
            at + ".device", "device matches disk with wipeTable enabled; filesystem will be wiped");
      }
    }
  }

  private void raid(JsonNode r, String at) {
    ctx.knownFields(r, at, Set.of("devices", "level", "name", "options", "spares"));
    ctx.string(r, "name", at);
    ctx.strings(r, "options", at);
    raidLevel(ctx, r, at, version.atLeast(SpecVersion.V3_3));
    List<String> devices = ctx.strings(r, "devices", at);
    if (devices.isEmpty()) {
      ctx.error(at + ".devices", "raid devices required");
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < devices.size(); i++) {
      String d = at + ".devices[" + i + "]";
      devicePath(devices.get(i)).ifPresent(p -> ctx.error(d, p));
      ctx.duplicate(seen, devices.get(i), d);
    }
  }

  /** Empty, or a GUID in its 8-4-4-4-12 hex form. */
  static boolean isGuid(String g) {
    return GUID.matcher(g).matches();
  }

  /** A disk's fields and its device, which both specs require ("" when it is missing). */
  static String requiredDevice(ParseContext ctx, JsonNode disk, String at) {
    ctx.knownFields(disk, at, Set.of("device", "partitions", "wipeTable"));
    ctx.bool(disk, "wipeTable", at);
    String device = ctx.string(disk, "device", at).orElse("");
    if (device.isEmpty()) {
      ctx.error(at + ".device", "disk device is required");
    }
    return device;
  }

  /** A RAID array's level against its spares; spec 3.3 on, a missing level has its own words. */
  static void raidLevel(ParseContext ctx, JsonNode r, String at, boolean levelRequired) {
    String level = ctx.string(r, "level", at).orElse("");
    int spares = ctx.integer(r, "spares", at).orElse(0);
    if (level.isEmpty() && levelRequired) {
      ctx.error(at + ".level", "raid level is required");
    } else if (!RAID_LEVELS.contains(level)) {
      ctx.error(at + ".level", "unrecognized raid level");
    } else if (NO_SPARES.contains(level) && spares != 0) {
      ctx.error(at + ".level", "spares unsupported for linear and raid0 arrays");
    }
  }

  /** A filesystem label longer than its format's tools accept. */
  static Optional<String> labelProblem(String format, String label) {
    Integer limit = LABEL_LIMITS.get(format);
    return limit != null && bytes(label) > limit
        ? Optional.of(
            "filesystem labels cannot be longer than " + limit + " characters when using " + format)
        : Optional.empty();
  }

  /** Go's len: bytes, not characters. */
  static int bytes(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
  }

  static Set<String> plus(Set<String> base, String... more) {
    Set<String> out = new HashSet<>(base);
    out.addAll(List.of(more));
    return Set.copyOf(out);
  }

  /** Ignition's validatePath for a device or mount path. */
  static Optional<String> devicePath(String p) {
    if (p.isEmpty()) {
      return Optional.of("path not specified");
    }
    if (!p.startsWith("/")) {
      return Optional.of("path not absolute");
    }
    return StorageRules.clean(p).equals(p)
        ? Optional.empty()
        : Optional.of("path is not fully simplified");
  }
}
