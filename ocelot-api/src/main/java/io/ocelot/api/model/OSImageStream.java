package io.ocelot.api.model;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import java.util.Optional;

/**
 * The OS streams a pool may run (RHEL 9, RHEL 10, ...), each an OS image and an extensions image:
 * the singleton {@code cluster}. The controller writes its status (upstream's operator reads it
 * from the release; Ocelot's controller from its settings); the admin picks the default stream in
 * the spec and a pool's own stream in the pool's {@code spec.osImageStream}. Upstream declares no
 * printer columns (kubectl prints NAME AGE); Ocelot's extras are for -o wide only.
 */
@Group(Mco.GROUP)
@Version(Mco.VERSION)
@Kind("OSImageStream")
@Plural("osimagestreams")
@Singular("osimagestream")
@ValidationRule(
    value = "self.metadata.name == 'cluster'",
    message = "osimagestream is a singleton, .metadata.name must be 'cluster'")
@ValidationRule(
    value =
        "self.spec == oldSelf.spec || !has(self.status) || !has(self.status.availableStreams)"
            + " || self.spec.defaultStream in self.status.availableStreams.map(s, s.name)",
    message =
        "spec.defaultStream must reference an existing stream name from"
            + " status.availableStreams")
@AdditionalPrinterColumn(
    name = "Age",
    jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
@AdditionalPrinterColumn(
    name = "Default",
    jsonPath = ".status.defaultStream",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
public class OSImageStream extends CustomResource<OSImageStreamSpec, OSImageStreamStatus> {
  private static final long serialVersionUID = 1L;

  /** The singleton's name. */
  public static final String CLUSTER = "cluster";

  @Override
  protected OSImageStreamSpec initSpec() {
    return new OSImageStreamSpec();
  }

  /**
   * The stream named {@code name}, or with an empty name the default one (the status's, else the
   * spec's); empty when the status lists no such stream.
   */
  public Optional<OSImageStreamSet> stream(String name) {
    OSImageStreamStatus s = getStatus();
    if (s == null) {
      return Optional.empty();
    }
    String wanted =
        name != null && !name.isEmpty()
            ? name
            : s.getDefaultStream() != null ? s.getDefaultStream() : getSpec().getDefaultStream();
    return s.getAvailableStreams().stream().filter(x -> x.name().equals(wanted)).findFirst();
  }
}
