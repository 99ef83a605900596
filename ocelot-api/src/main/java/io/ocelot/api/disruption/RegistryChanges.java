package io.ocelot.api.disruption;

import io.ocelot.api.ignition.FileEntry;
import io.ocelot.api.text.Printable;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a change of {@code /etc/containers/registries.conf} can skip the drain, by MCO's rule
 * (its daemon's {@code isSafeContainerRegistryConfChanges}): safe is only what cannot redirect a
 * running pod's next pull — a registry or mirror added that serves pulls by digest only. Anything
 * else (a registry or mirror removed, the search list shortened or reordered, a location, prefix,
 * blocked or insecure flag changed, a mirror added that serves pulls by tag) drains.
 */
public final class RegistryChanges {
  /** The file the rule is about. */
  public static final String PATH = "/etc/containers/registries.conf";

  private RegistryChanges() {}

  /** Why the change needs a drain, or empty when it is safe. */
  public static Optional<String> unsafe(Change<FileEntry> change) {
    RegistriesConf before;
    RegistriesConf after;
    try {
      before = RegistriesConf.parse(text(change.before()));
      after = RegistriesConf.parse(text(change.after()));
    } catch (IOException e) {
      // MCO fails the update here; a drain is the safe way through.
      return Optional.of(
          "it does not read as registries.conf ("
              + Printable.escape(String.valueOf(e.getMessage()).lines().findFirst().orElse(""))
              + ")");
    }
    return unsafe(before, after);
  }

  /** The rule on two parsed files. */
  public static Optional<String> unsafe(RegistriesConf before, RegistriesConf after) {
    if (before.unqualifiedSearch().size() > after.unqualifiedSearch().size()) {
      return Optional.of("an unqualified-search registry was removed");
    }
    for (int i = 0; i < before.unqualifiedSearch().size(); i++) {
      if (!before.unqualifiedSearch().get(i).equals(after.unqualifiedSearch().get(i))) {
        return Optional.of("the unqualified-search registries were reordered or replaced");
      }
    }
    Map<String, RegistriesConf.Registry> old = byScope(before);
    Map<String, RegistriesConf.Registry> now = byScope(after);
    for (String scope : old.keySet()) {
      if (!now.containsKey(scope)) {
        return Optional.of("registry " + scope + " was removed");
      }
    }
    for (RegistriesConf.Registry n : now.values()) {
      RegistriesConf.Registry o = old.get(n.scope());
      Optional<String> why = o == null ? added(n) : changed(o, n);
      if (why.isPresent()) {
        return why;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> added(RegistriesConf.Registry n) {
    boolean digestOnly =
        n.mirrors().isEmpty()
            ? n.mirrorByDigestOnly()
            : n.mirrors().stream()
                .allMatch(m -> m.pullFromMirror().equals(RegistriesConf.DIGEST_ONLY));
    if (digestOnly) {
      return Optional.empty();
    }
    return Optional.of(
        "registry "
            + n.scope()
            + (n.mirrors().isEmpty()
                ? " was added without mirror-by-digest-only = true"
                : " was added with a mirror that does not set pull-from-mirror = \"digest-only\""));
  }

  private static Optional<String> changed(RegistriesConf.Registry o, RegistriesConf.Registry n) {
    if (o.equals(n)) {
      return Optional.empty();
    }
    String r = "registry " + n.scope() + ": ";
    if (!o.prefix().equals(n.prefix())) {
      return Optional.of(r + "its prefix changed");
    }
    if (!o.location().equals(n.location())) {
      return Optional.of(r + "its location changed");
    }
    if (o.blocked() != n.blocked()) {
      return Optional.of(r + "blocked changed");
    }
    if (o.insecure() != n.insecure()) {
      return Optional.of(r + "insecure changed");
    }
    for (RegistriesConf.Mirror m : o.mirrors()) {
      if (mirror(m.location(), n).isEmpty()) {
        return Optional.of(r + "mirror " + m.location() + " was removed");
      }
    }
    for (RegistriesConf.Mirror m : n.mirrors()) {
      Optional<RegistriesConf.Mirror> was = mirror(m.location(), o);
      boolean digestOnly = m.pullFromMirror().equals(RegistriesConf.DIGEST_ONLY);
      if (was.isPresent()
          && !was.get().pullFromMirror().equals(m.pullFromMirror())
          && !digestOnly) {
        return Optional.of(r + "mirror " + m.location() + " no longer pulls by digest only");
      }
      if (was.isEmpty() && !digestOnly && !n.mirrorByDigestOnly()) {
        return Optional.of(
            r + "mirror " + m.location() + " was added without pull-from-mirror = \"digest-only\"");
      }
    }
    return Optional.empty();
  }

  private static Optional<RegistriesConf.Mirror> mirror(
      String location, RegistriesConf.Registry r) {
    return r.mirrors().stream().filter(m -> m.location().equals(location)).findFirst();
  }

  private static Map<String, RegistriesConf.Registry> byScope(RegistriesConf c) {
    Map<String, RegistriesConf.Registry> out = new LinkedHashMap<>();
    c.registries().forEach(r -> out.put(r.scope(), r));
    return out;
  }

  private static String text(Optional<FileEntry> f) {
    return f.map(e -> e.contents().asUtf8()).orElse("");
  }
}
