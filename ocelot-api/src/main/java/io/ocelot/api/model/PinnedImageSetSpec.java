package io.ocelot.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.ArrayList;
import java.util.List;

/** The images of a pinned image set. */
public class PinnedImageSetSpec {
  @JsonPropertyDescription(
      "OCI images referenced by digest that the nodes of the selected pools pull ahead and CRI-O"
          + " pins (/etc/crio/crio.conf.d/50-pinned-images); at most 500")
  @Required
  @Size(min = 1, max = 500)
  private List<PinnedImageRef> pinnedImages = new ArrayList<>();

  public List<PinnedImageRef> getPinnedImages() {
    return pinnedImages;
  }

  public void setPinnedImages(List<PinnedImageRef> pinnedImages) {
    this.pinnedImages = pinnedImages == null ? new ArrayList<>() : pinnedImages;
  }
}
