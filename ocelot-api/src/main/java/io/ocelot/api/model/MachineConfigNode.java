package io.ocelot.api.model;

import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import io.ocelot.api.model.crd.ListMap;

/**
 * A node's update status, one per node and named after it (MCO 4.19+). The controller owns the
 * spec, the node's daemon the status. Cluster-scoped. The printer columns are upstream's, in its
 * order.
 */
@Group(Mco.GROUP)
@Version(Mco.VERSION)
@Kind("MachineConfigNode")
@Plural("machineconfignodes")
@Singular("machineconfignode")
@ShortNames("mcn")
@ValidationRule(
    value = "self.metadata.name == self.spec.node.name",
    message = "spec.node.name should match metadata.name")
@ListMap(path = "status.conditions", keys = "type")
@ListMap(path = "status.pinnedImageSets", keys = "name")
@AdditionalPrinterColumn(
    name = "PoolName",
    jsonPath = ".spec.pool.name",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "DesiredConfig",
    jsonPath = ".spec.configVersion.desired",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "CurrentConfig",
    jsonPath = ".status.configVersion.current",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "Updated",
    jsonPath = ".status.conditions[?(@.type==\"Updated\")].status",
    type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
    name = "Age",
    jsonPath = ".metadata.creationTimestamp",
    type = AdditionalPrinterColumn.Type.DATE)
@AdditionalPrinterColumn(
    name = "UpdatePrepared",
    jsonPath = ".status.conditions[?(@.type==\"UpdatePrepared\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
@AdditionalPrinterColumn(
    name = "UpdateExecuted",
    jsonPath = ".status.conditions[?(@.type==\"UpdateExecuted\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
@AdditionalPrinterColumn(
    name = "UpdatePostActionComplete",
    jsonPath = ".status.conditions[?(@.type==\"UpdatePostActionComplete\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
@AdditionalPrinterColumn(
    name = "UpdateComplete",
    jsonPath = ".status.conditions[?(@.type==\"UpdateComplete\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
@AdditionalPrinterColumn(
    name = "Resumed",
    jsonPath = ".status.conditions[?(@.type==\"Resumed\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
@AdditionalPrinterColumn(
    name = "UpdatedFilesAndOS",
    jsonPath = ".status.conditions[?(@.type==\"AppliedFilesAndOS\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
@AdditionalPrinterColumn(
    name = "CordonedNode",
    jsonPath = ".status.conditions[?(@.type==\"Cordoned\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
@AdditionalPrinterColumn(
    name = "DrainedNode",
    jsonPath = ".status.conditions[?(@.type==\"Drained\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
@AdditionalPrinterColumn(
    name = "RebootedNode",
    jsonPath = ".status.conditions[?(@.type==\"RebootedNode\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
@AdditionalPrinterColumn(
    name = "UncordonedNode",
    jsonPath = ".status.conditions[?(@.type==\"Uncordoned\")].status",
    type = AdditionalPrinterColumn.Type.STRING,
    priority = 1)
public class MachineConfigNode
    extends CustomResource<MachineConfigNodeSpec, MachineConfigNodeStatus> {
  private static final long serialVersionUID = 1L;

  /** Upstream's rule for every node, pool and config name in the object. */
  static final String DNS1123_RULE = "!format.dns1123Subdomain().validate(self).hasValue()";

  static final String DNS1123_MESSAGE =
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or"
          + " '.', and must start and end with an alphanumeric character.";

  /** The placeholder upstream writes for a desired config not yet validated. */
  public static final String NOT_YET_SET = "not-yet-set";

  @Override
  protected MachineConfigNodeSpec initSpec() {
    return new MachineConfigNodeSpec();
  }
}
