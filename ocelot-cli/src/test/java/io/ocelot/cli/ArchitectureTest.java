package io.ocelot.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.ocelot.archfixture.Violations;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs the architecture rules over every production class of every module (this module sees them
 * all), and proves each rule can fail on a deliberately bad fixture.
 */
class ArchitectureTest {
  private static final JavaClasses PRODUCTION =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          // Other modules' classes come from their jars (or target/classes in a reactor build).
          .importPackages("io.ocelot");

  static Stream<ArchRule> rules() {
    return ArchitectureRules.ALL.stream();
  }

  @ParameterizedTest
  @MethodSource("rules")
  void productionCodeKeepsTheRule(ArchRule rule) {
    rule.allowEmptyShould(true).check(PRODUCTION);
  }

  @Test
  void productionClassesOfEveryModuleAreChecked() {
    // Imported from their class files, not merely referenced: a rule over a module whose classes
    // were not imported would pass without looking.
    for (String name :
        List.of(
            "io.ocelot.api.ignition.IgnitionParser",
            "io.ocelot.daemon.plan.Planner",
            "io.ocelot.daemon.Daemon",
            "io.ocelot.controller.ControllerOperator",
            "io.ocelot.console.Console",
            "io.ocelot.sim.SimCluster",
            "io.ocelot.bench.RolloutBenchmark",
            "io.ocelot.runtime.kube.EventRecorder",
            "io.ocelot.fakehost.FakeHost",
            "io.ocelot.apiserver.EmbeddedApiServer",
            "io.ocelot.cli.Main")) {
      assertThat(PRODUCTION.contain(name)).as(name).isTrue();
      assertThat(PRODUCTION.get(name).getSource()).as("class file of %s", name).isPresent();
    }
  }

  static Stream<Arguments> violations() {
    return Stream.of(
        Arguments.of(ArchitectureRules.API_DEPENDS_ON_NOTHING_OF_OURS, Violations.API),
        Arguments.of(ArchitectureRules.API_DOES_NO_IO, Violations.API_IO),
        Arguments.of(ArchitectureRules.PLAN_IS_PURE, Violations.PLAN_CLOCK),
        Arguments.of(ArchitectureRules.PLAN_IS_PURE, Violations.PLAN_FILES),
        Arguments.of(ArchitectureRules.DAEMON_NEVER_USES_CONTROLLER, Violations.DAEMON),
        Arguments.of(ArchitectureRules.CONTROLLER_NEVER_USES_DAEMON, Violations.CONTROLLER),
        Arguments.of(ArchitectureRules.CONTROLLER_WIRING_ON_TOP, Violations.POOL_WIRING),
        Arguments.of(ArchitectureRules.CONTROLLER_SHARED_AT_THE_BOTTOM, Violations.SUPPORT_POOL),
        Arguments.of(ArchitectureRules.ONLY_CLI_USES_SIM, Violations.CONTROLLER),
        Arguments.of(ArchitectureRules.RUNTIME_USES_ONLY_THE_API, Violations.RUNTIME),
        Arguments.of(ArchitectureRules.ONLY_CLI_USES_BENCH, Violations.SIM_BENCH),
        Arguments.of(ArchitectureRules.CONSOLE_USES_ONLY_THE_API, Violations.CONSOLE),
        Arguments.of(ArchitectureRules.FAKEHOST_DEPENDS_ON_NOTHING_OF_OURS, Violations.FAKEHOST),
        Arguments.of(ArchitectureRules.DAEMON_USES_FAKEHOST_ONLY_IN_TESTS, Violations.DAEMON),
        Arguments.of(ArchitectureRules.NODE_NEVER_USES_SYNC, Violations.NODE),
        Arguments.of(ArchitectureRules.ONE_WRITER_FOR_STATE_CHANGES, Violations.NODE),
        Arguments.of(ArchitectureRules.ONE_WRITER_FOR_STATE_CHANGES, Violations.SYNC_GAUGES),
        Arguments.of(ArchitectureRules.NO_STATIC_MUTABLE_STATE, Violations.STATIC_STATE));
  }

  @Test
  void controllerRoomsInACircleAreCaught() {
    // A circle needs two rooms: support uses pool, pool uses support.
    JavaClasses bad =
        new ClassFileImporter().importClasses(Violations.SUPPORT_POOL, Violations.POOL_WIRING);
    assertThatThrownBy(() -> ArchitectureRules.CONTROLLER_ROOMS_FREE_OF_CYCLES.check(bad))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Cycle detected");
  }

  @ParameterizedTest
  @MethodSource("violations")
  void eachRuleCatchesItsViolation(ArchRule rule, Class<?> violator) {
    JavaClasses bad = new ClassFileImporter().importClasses(violator);
    assertThatThrownBy(() -> rule.check(bad)).isInstanceOf(AssertionError.class);
  }
}
