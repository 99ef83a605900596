package io.ocelot.api.operator;

/** The API group of MCO's operator configuration ({@code MachineConfiguration}). */
public final class Operator {
  public static final String GROUP = "operator.openshift.io";
  public static final String VERSION = "v1";
  public static final String API_VERSION = GROUP + "/" + VERSION;

  /** The one MachineConfiguration the controller and the daemons read. */
  public static final String CLUSTER = "cluster";

  private Operator() {}
}
