package io.ocelot.controller.support;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import java.util.List;

/** Owner references for what the controller creates (rendered configs, builds). */
public final class Owners {
  private Owners() {}

  /** {@code owner} as the controlling owner of {@code owned}. */
  public static void setController(HasMetadata owned, HasMetadata owner) {
    OwnerReference ref =
        new OwnerReferenceBuilder()
            .withApiVersion(owner.getApiVersion())
            .withKind(owner.getKind())
            .withName(owner.getMetadata().getName())
            .withUid(owner.getMetadata().getUid())
            .withController(true)
            .build();
    owned.getMetadata().setOwnerReferences(List.of(ref));
  }
}
