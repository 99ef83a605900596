package io.ocelot.runtime.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;

/**
 * What to hand fabric8 for a patch of an object held: by name it GETs the object first, and with
 * the object itself it serializes and parses the whole object once more, only to learn its name and
 * namespace. An empty object of the same kind carrying just those sends the same request.
 */
public final class PatchTarget {
  private PatchTarget() {}

  /** An object of {@code held}'s class with only its name and namespace. */
  @SuppressWarnings("unchecked")
  public static <T extends HasMetadata> T of(T held) {
    try {
      T target = (T) held.getClass().getDeclaredConstructor().newInstance();
      ObjectMeta meta = new ObjectMeta();
      meta.setName(held.getMetadata().getName());
      meta.setNamespace(held.getMetadata().getNamespace());
      target.setMetadata(meta);
      return target;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot make a patch target of " + held.getClass(), e);
    }
  }
}
