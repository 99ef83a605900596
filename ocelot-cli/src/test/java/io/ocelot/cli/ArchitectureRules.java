package io.ocelot.cli;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;
import io.fabric8.kubernetes.client.CustomResource;
import java.util.List;

/** The architecture rules of design §2, as ArchUnit rules the build runs. */
final class ArchitectureRules {
  private ArchitectureRules() {}

  static final ArchRule API_DEPENDS_ON_NOTHING_OF_OURS =
      noClasses()
          .that()
          .resideInAPackage("io.ocelot.api..")
          .should()
          .dependOnClassesThat(
              resideInAPackage("io.ocelot..").and(not(resideInAPackage("io.ocelot.api.."))))
          .as("ocelot-api depends on nothing of ours");

  /**
   * One exception: {@code CrdFinisher}, which the build runs on the CRD files the generator wrote
   * (it runs in ocelot-api's own build, so it lives there); nothing of Ocelot calls it.
   */
  static final ArchRule API_DOES_NO_IO =
      noClasses()
          .that()
          .resideInAPackage("io.ocelot.api..")
          .and()
          .doNotHaveFullyQualifiedName("io.ocelot.api.model.crd.CrdFinisher")
          .should()
          .dependOnClassesThat(
              resideInAnyPackage("java.nio.file..", "java.net.http..")
                  .or(
                      resideInAPackage("io.fabric8.kubernetes.client..")
                          .and(not(type(CustomResource.class))))
                  .or(
                      type(java.io.File.class)
                          .or(type(java.io.FileInputStream.class))
                          .or(type(java.io.FileOutputStream.class))
                          .or(type(java.net.Socket.class))
                          .or(type(java.net.URLConnection.class))
                          .or(type(ProcessBuilder.class))))
          .as("ocelot-api does no I/O and makes no client calls (the build's CRD finisher aside)");

  static final ArchRule PLAN_IS_PURE =
      classes()
          .that()
          .resideInAPackage("io.ocelot.daemon.plan..")
          .should()
          .onlyDependOnClassesThat(
              resideInAnyPackage(
                      "io.ocelot.api..",
                      "io.ocelot.daemon.plan..",
                      "java.lang..",
                      "java.util..",
                      "io.fabric8.kubernetes.api.model..",
                      "com.fasterxml.jackson.databind..")
                  .and(
                      not(
                          type(System.class)
                              .or(type(Thread.class))
                              .or(type(ProcessBuilder.class))
                              .or(type(Runtime.class)))))
          .as("the planner imports only ocelot-api: no host, no client, no clock");

  static final ArchRule DAEMON_NEVER_USES_CONTROLLER =
      noClasses()
          .that()
          .resideInAPackage("io.ocelot.daemon..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.ocelot.controller..")
          .as("the daemon never depends on the controller");

  static final ArchRule CONTROLLER_NEVER_USES_DAEMON =
      noClasses()
          .that()
          .resideInAPackage("io.ocelot.controller..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.ocelot.daemon..")
          .as("the controller never depends on the daemon");

  /**
   * docs/controller.md: the controller's rooms (one package per reconciler, plus the shared {@code
   * members} and {@code support}) form no circle; a change in one room reads downwards.
   */
  static final ArchRule CONTROLLER_ROOMS_FREE_OF_CYCLES =
      slices()
          .matching("io.ocelot.controller.(*)..")
          .should()
          .beFreeOfCycles()
          .as("the controller's packages depend on each other without circles");

  /** The root package wires the reconcilers together; no reconciler reaches back into it. */
  static final ArchRule CONTROLLER_WIRING_ON_TOP =
      noClasses()
          .that()
          .resideInAPackage("io.ocelot.controller.*..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.ocelot.controller")
          .as("no controller package depends on the operator's wiring (the root package)");

  /** What every reconciler shares sits at the bottom: it uses no reconciler. */
  static final ArchRule CONTROLLER_SHARED_AT_THE_BOTTOM =
      noClasses()
          .that()
          .resideInAnyPackage("io.ocelot.controller.members..", "io.ocelot.controller.support..")
          .should()
          .dependOnClassesThat(
              resideInAPackage("io.ocelot.controller..")
                  .and(
                      not(
                          resideInAnyPackage(
                              "io.ocelot.controller.members..", "io.ocelot.controller.support.."))))
          .as("the controller's shared packages (members, support) use no reconciler");

  /** What every process shares at run time stands on the API model alone. */
  static final ArchRule RUNTIME_USES_ONLY_THE_API =
      noClasses()
          .that()
          .resideInAPackage("io.ocelot.runtime..")
          .should()
          .dependOnClassesThat(
              resideInAPackage("io.ocelot..")
                  .and(not(resideInAnyPackage("io.ocelot.runtime..", "io.ocelot.api.."))))
          .as("the process runtime (ocelot-runtime) uses nothing of ours but the API model");

  static final ArchRule ONLY_CLI_USES_SIM =
      noClasses()
          .that()
          .resideOutsideOfPackages("io.ocelot.cli..", "io.ocelot.sim..", "io.ocelot.bench..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.ocelot.sim..")
          .as("nothing but the CLI and the benchmarks depends on the simulator");

  /** The benchmark harness measures the simulator; the simulated cluster never needs it. */
  static final ArchRule ONLY_CLI_USES_BENCH =
      noClasses()
          .that()
          .resideOutsideOfPackages("io.ocelot.cli..", "io.ocelot.bench..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.ocelot.bench..")
          .as("nothing but the CLI depends on the benchmarks");

  static final ArchRule CONSOLE_USES_ONLY_THE_API =
      noClasses()
          .that()
          .resideInAPackage("io.ocelot.console..")
          .should()
          .dependOnClassesThat(
              resideInAPackage("io.ocelot..")
                  .and(
                      not(
                          resideInAnyPackage(
                              "io.ocelot.console..", "io.ocelot.api..", "io.ocelot.runtime.."))))
          .as(
              "the console reads the cluster only through the API (and serves through ocelot-runtime)");

  static final ArchRule FAKEHOST_DEPENDS_ON_NOTHING_OF_OURS =
      noClasses()
          .that()
          .resideInAPackage("io.ocelot.fakehost..")
          .should()
          .dependOnClassesThat(
              resideInAPackage("io.ocelot..").and(not(resideInAPackage("io.ocelot.fakehost.."))))
          .as("ocelot-fakehost depends on nothing of ours");

  static final ArchRule DAEMON_USES_FAKEHOST_ONLY_IN_TESTS =
      noClasses()
          .that()
          .resideInAPackage("io.ocelot.daemon..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.ocelot.fakehost..")
          .as("the daemon's production code never uses the fake host");

  static final ArchRule NODE_NEVER_USES_SYNC =
      noClasses()
          .that()
          .resideInAPackage("io.ocelot.daemon.node..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.ocelot.daemon.sync..")
          .as("the daemon's Kubernetes side (node) never depends on its state machine (sync)");

  /**
   * docs/daemon.md: one writer for a state change. The node's annotations, its MachineConfigNode
   * and the clearing of the failing gauges come from the transition hook alone.
   */
  static final ArchRule ONE_WRITER_FOR_STATE_CHANGES =
      noClasses()
          .that()
          .doNotHaveFullyQualifiedName("io.ocelot.daemon.sync.NodeReporter")
          .should()
          .callMethod("io.ocelot.daemon.node.NodeWriter", "write", "java.util.Map")
          .orShould()
          .callMethodWhere(
              com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                      com.tngtech.archunit.core.domain.properties.HasName.Predicates.name("report"))
                  .and(
                      com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                          com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With
                              .owner(type(io.ocelot.daemon.node.mcn.McnWriter.class)))))
          .orShould()
          .callMethod(io.ocelot.daemon.txn.EngineMetrics.class, "settled")
          .as(
              "only the transition hook writes the node's state, its MachineConfigNode and clears"
                  + " the failing gauges");

  static final ArchRule NO_STATIC_MUTABLE_STATE =
      fields()
          .that()
          .areStatic()
          .and()
          .areDeclaredInClassesThat()
          .resideInAPackage("io.ocelot..")
          .should()
          .beFinal()
          .as("no static mutable state");

  static final List<ArchRule> ALL =
      List.of(
          API_DEPENDS_ON_NOTHING_OF_OURS,
          API_DOES_NO_IO,
          PLAN_IS_PURE,
          DAEMON_NEVER_USES_CONTROLLER,
          CONTROLLER_NEVER_USES_DAEMON,
          CONTROLLER_ROOMS_FREE_OF_CYCLES,
          CONTROLLER_WIRING_ON_TOP,
          CONTROLLER_SHARED_AT_THE_BOTTOM,
          RUNTIME_USES_ONLY_THE_API,
          ONLY_CLI_USES_SIM,
          ONLY_CLI_USES_BENCH,
          CONSOLE_USES_ONLY_THE_API,
          FAKEHOST_DEPENDS_ON_NOTHING_OF_OURS,
          DAEMON_USES_FAKEHOST_ONLY_IN_TESTS,
          NODE_NEVER_USES_SYNC,
          ONE_WRITER_FOR_STATE_CHANGES,
          NO_STATIC_MUTABLE_STATE);
}
