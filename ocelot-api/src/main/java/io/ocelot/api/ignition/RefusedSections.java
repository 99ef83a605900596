package io.ocelot.api.ignition;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The sections the daemon never applies to a running node, each as canonical JSON so that a change
 * can be detected (and refused). An absent or empty section is not stored.
 */
public record RefusedSections(Map<String, String> sections) {
  public static final String DISKS = "storage.disks";
  public static final String FILESYSTEMS = "storage.filesystems";
  public static final String RAID = "storage.raid";
  public static final String DIRECTORIES = "storage.directories";
  public static final String LINKS = "storage.links";
  public static final String LUKS = "storage.luks";
  public static final String KERNEL_ARGUMENTS = "kernelArguments";

  public static final RefusedSections NONE = new RefusedSections(Map.of());

  public RefusedSections {
    sections = java.util.Collections.unmodifiableMap(new TreeMap<>(sections));
  }

  public Optional<String> section(String name) {
    return Optional.ofNullable(sections.get(name));
  }

  public boolean differs(RefusedSections other, String name) {
    return !section(name).equals(other.section(name));
  }
}
