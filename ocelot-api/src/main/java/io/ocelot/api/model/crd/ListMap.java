package io.ocelot.api.model.crd;

import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a list in a custom resource's schema as a map keyed by {@link #keys} ({@code
 * x-kubernetes-list-type: map}), which the CRD generator cannot express: server-side apply then
 * merges entries by key, and the API server refuses two entries with the same key.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(ListMaps.class)
public @interface ListMap {
  /** Dotted path of the list from the object's root, e.g. {@code status.conditions}. */
  String path();

  /** The fields that identify an entry. */
  String[] keys();
}
