package io.ocelot.daemon.plan;

import static io.ocelot.daemon.plan.Configs.mc;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.model.MachineConfig;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every rule of MCO's reconcilability check, with its exact message. */
class ReconcilabilityTest {
  private static final String V = "{\"ignition\":{\"version\":\"3.5.0\"}";

  static List<String> reasons(String oldBody, String newBody) {
    MachineConfig a = mc("rendered-a", V + oldBody + "}");
    MachineConfig b = mc("rendered-b", V + newBody + "}");
    PlanResult r = Planner.plan(ConfigTarget.of(a), ConfigTarget.of(b), Observed.NOTHING);
    return r instanceof PlanResult.Unreconcilable u ? u.reasons() : List.of();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "groups | | ,\"passwd\":{\"groups\":[{\"name\":\"admins\"}]}"
            + " | ignition Passwd Groups section contains changes",
        "non-core user | | ,\"passwd\":{\"users\":[{\"name\":\"alice\",\"sshAuthorizedKeys\":[\"k\"]},"
            + "{\"name\":\"core\",\"sshAuthorizedKeys\":[\"k\"]}]}"
            + " | ignition passwd user section contains unsupported changes: non-core user",
        "core without keys | | ,\"passwd\":{\"users\":[{\"name\":\"core\"}]}"
            + " | ignition passwd user section contains unsupported changes: user must be core and"
            + " have 1 or more sshKeys",
        "core with other fields | | ,\"passwd\":{\"users\":[{\"name\":\"core\",\"sshAuthorizedKeys\":"
            + "[\"k\"],\"shell\":\"/bin/zsh\"}]} | SSH keys and password hash are not reconcilable",
        "kernel arguments | | ,\"kernelArguments\":{\"shouldExist\":[\"nosmt\"]}"
            + " | ignition kargs section contains changes",
        "disks | | ,\"storage\":{\"disks\":[{\"device\":\"/dev/vdb\"}]}"
            + " | ignition disks section contains changes",
        "filesystems | | ,\"storage\":{\"filesystems\":[{\"device\":\"/dev/vdb1\",\"format\":\"xfs\"}]}"
            + " | ignition filesystems section contains changes",
        "raid | | ,\"storage\":{\"raid\":[{\"name\":\"md0\",\"level\":\"raid1\","
            + "\"devices\":[\"/dev/vdb\",\"/dev/vdc\"]}]}"
            + " | ignition raid section contains changes",
        "directories | | ,\"storage\":{\"directories\":[{\"path\":\"/var/d\"}]}"
            + " | ignition directories section contains changes",
        "links added | | ,\"storage\":{\"links\":[{\"path\":\"/etc/l\",\"target\":\"/etc/x\"}]}"
            + " | ignition links section contains changes",
        "luks | | ,\"storage\":{\"luks\":[{\"name\":\"data\",\"device\":\"/dev/vdb\"}]}"
            + " | ignition luks section contains changes",
        "append | | ,\"storage\":{\"files\":[{\"path\":\"/etc/log\",\"append\":[{\"source\":\"data:,x\"}]}]}"
            + " | ignition file /etc/log includes append",
        "force file | | ,\"storage\":{\"files\":[{\"path\":\"/run/machine-config-daemon-force\"}]}"
            + " | cannot create /run/machine-config-daemon-force via Ignition",
      })
  void eachRuleHasMcosMessage(String rule, String oldBody, String newBody, String message) {
    assertThat(reasons(oldBody == null ? "" : oldBody, newBody)).containsExactly(message);
  }

  /** Issue 43: configs that would apply but never validate after the boot, refused up front. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "engine state | ,\"storage\":{\"files\":[{\"path\":\"/var/lib/ocelot/marker.json\","
            + "\"contents\":{\"source\":\"data:,x\"}}]}"
            + " | ignition file /var/lib/ocelot/marker.json is in /var/lib/ocelot, the node agent's"
            + " own state; no config may write there",
        "file at a unit's path | ,\"storage\":{\"files\":[{\"path\":\"/etc/systemd/system/a.service\","
            + "\"contents\":{\"source\":\"data:,x\"}}]},\"systemd\":{\"units\":[{\"name\":"
            + "\"a.service\",\"contents\":\"[Unit]\"}]}"
            // Ignition's own rule, so the config does not parse (as MCO's daemon says it)
            + " | parsing new Ignition config from machineconfig \"rendered-b\" failed:"
            + " storage.files[0].path: path conflicts with systemd unit or dropin",
        "file at a masked unit's path | ,\"storage\":{\"files\":[{\"path\":"
            + "\"/etc/systemd/system/a.service\",\"contents\":{\"source\":\"data:,x\"}}]},"
            + "\"systemd\":{\"units\":[{\"name\":\"a.service\",\"mask\":true}]}"
            + " | ignition file /etc/systemd/system/a.service collides with the systemd section,"
            + " which masks unit a.service there; the node could never validate both",
        "file at a dropin's path | ,\"storage\":{\"files\":[{\"path\":"
            + "\"/etc/systemd/system/a.service.d/10-x.conf\",\"contents\":{\"source\":\"data:,x\"}}]},"
            + "\"systemd\":{\"units\":[{\"name\":\"a.service\",\"dropins\":[{\"name\":"
            + "\"10-x.conf\",\"contents\":\"[Service]\"}]}]}"
            + " | parsing new Ignition config from machineconfig \"rendered-b\" failed:"
            + " storage.files[0].path: path conflicts with systemd unit or dropin",
        "shadow beside a hash | ,\"storage\":{\"files\":[{\"path\":\"/etc/shadow\","
            + "\"contents\":{\"source\":\"data:,x\"}}]},\"passwd\":{\"users\":[{\"name\":"
            + "\"core\",\"passwordHash\":\"$6$s$h\"}]}"
            + " | ignition file /etc/shadow collides with passwd.users' passwordHash, which rewrites"
            + " it; set the password with passwordHash alone",
        "a file below a file | ,\"storage\":{\"files\":[{\"path\":\"/etc/x\","
            + "\"contents\":{\"source\":\"data:,a\"}},{\"path\":\"/etc/x/y\","
            + "\"contents\":{\"source\":\"data:,b\"}}]}"
            + " | ignition file /etc/x/y is below ignition file /etc/x; a path cannot be both a file"
            + " and a directory",
      })
  void aConfigThatCouldNeverValidateIsRefused(String rule, String newBody, String message) {
    assertThat(reasons("", newBody)).containsExactly(message);
    // Taking it back out is an ordinary change: deleting the bad MachineConfig frees the node. (A
    // config that does not parse never reached a node to be taken back from.)
    if (!message.startsWith("parsing new Ignition config")) {
      assertThat(reasons(newBody, "")).isEmpty();
    }
  }

  @Test
  void aFileThatProvidesAUnitOnlyEnabledInTheSystemdSectionIsFine() {
    assertThat(
            reasons(
                "",
                ",\"storage\":{\"files\":[{\"path\":\"/etc/systemd/system/a.service\","
                    + "\"contents\":{\"source\":\"data:,x\"}}]},\"systemd\":{\"units\":"
                    + "[{\"name\":\"a.service\",\"enabled\":true}]}"))
        .isEmpty();
  }

  @Test
  void removingAllLinksAndAllUsersIsReconcilable() {
    assertThat(
            reasons(
                ",\"storage\":{\"links\":[{\"path\":\"/etc/l\",\"target\":\"/x\"}]},"
                    + "\"passwd\":{\"users\":[{\"name\":\"core\",\"sshAuthorizedKeys\":[\"k\"]}]}",
                ""))
        .isEmpty();
  }

  /** MCO reconcile_test.go TestIsRenderedConfigReconcilable, "LuksClevisTang". */
  @Test
  void removingALuksTangSectionIsReconcilable() {
    String luks =
        ",\"storage\":{\"luks\":[{\"name\":\"luks-tang\",\"device\":\"/dev/sdb\",\"clevis\":"
            + "{\"tang\":[{\"url\":\"https://tang.example.com\",\"thumbprint\":\"T\","
            + "\"advertisement\":\"{\\\"payload\\\": \\\"...\\\"}\"}]}}]}";
    assertThat(reasons(luks, "")).isEmpty();
    assertThat(reasons("", luks)).containsExactly("ignition luks section contains changes");
  }

  @Test
  void coreKeysAndPasswordHashAreReconcilable() {
    assertThat(
            reasons(
                "",
                ",\"passwd\":{\"users\":[{\"name\":\"core\",\"sshAuthorizedKeys\":[\"a\",\"b\"],"
                    + "\"passwordHash\":\"$6$x\"}]}"))
        .isEmpty();
    assertThat(
            reasons("", ",\"passwd\":{\"users\":[{\"name\":\"core\",\"passwordHash\":\"$6$h\"}]}"))
        .isEmpty();
  }

  @Test
  void fipsChangeIsRefused() {
    MachineConfig a = Configs.empty("rendered-a");
    MachineConfig b = Configs.empty("rendered-b");
    b.getSpec().setFips(true);
    PlanResult r = Planner.plan(ConfigTarget.of(a), ConfigTarget.of(b), Observed.NOTHING);
    assertThat(((PlanResult.Unreconcilable) r).reasons())
        .containsExactly(
            "detected change to FIPS flag; refusing to modify FIPS on a running cluster");
  }

  @Test
  void theNodesFipsModeStandsInForTheCurrentConfigs() {
    MachineConfig a = Configs.empty("rendered-a");
    MachineConfig b = Configs.empty("rendered-b");
    b.getSpec().setFips(true);
    Observed fipsNode = new Observed(Optional.empty(), false, Optional.of(true));
    assertThat(Planner.plan(ConfigTarget.of(a), ConfigTarget.of(b), fipsNode))
        .isInstanceOf(PlanResult.Ready.class);
    Observed plainNode = new Observed(Optional.empty(), false, Optional.of(false));
    assertThat(Planner.plan(ConfigTarget.of(b), ConfigTarget.of(b), plainNode))
        .isInstanceOf(PlanResult.Unreconcilable.class);
  }

  @Test
  void everyReasonIsReportedAndTheMessageNamesBothConfigs() {
    MachineConfig a = mc("rendered-a", V + "}");
    MachineConfig b =
        mc(
            "rendered-b",
            V
                + ",\"storage\":{\"disks\":[{\"device\":\"/dev/vdb\"}],"
                + "\"files\":[{\"path\":\"/etc/log\",\"append\":[{\"source\":\"data:,x\"}]}]}}");
    b.getSpec().setFips(true);
    PlanResult.Unreconcilable u =
        (PlanResult.Unreconcilable)
            Planner.plan(ConfigTarget.of(a), ConfigTarget.of(b), Observed.NOTHING);
    assertThat(u.reasons())
        .containsExactly(
            "ignition disks section contains changes",
            "ignition file /etc/log includes append",
            "detected change to FIPS flag; refusing to modify FIPS on a running cluster");
    assertThat(u.message())
        .isEqualTo(
            "can't reconcile config rendered-a with rendered-b: ignition disks section contains"
                + " changes, ignition file /etc/log includes append, detected change to FIPS flag;"
                + " refusing to modify FIPS on a running cluster");
  }

  @Test
  void anUnparseableConfigIsUnreconcilableAndSaysWhich() {
    MachineConfig a = mc("rendered-a", V + "}");
    MachineConfig b = mc("rendered-b", "{\"ignition\":{\"version\":\"9.9.9\"}}");
    PlanResult.Unreconcilable u =
        (PlanResult.Unreconcilable)
            Planner.plan(ConfigTarget.of(a), ConfigTarget.of(b), Observed.NOTHING);
    assertThat(u.reasons())
        .containsExactly(
            "parsing new Ignition config from machineconfig \"rendered-b\" failed:"
                + " ignition.version: \"9.9.9\" is not supported; supported spec versions: 2.0.0, 2.1.0, 2.2.0,"
                + " 3.0.0, 3.1.0, 3.2.0, 3.3.0, 3.4.0, 3.5.0");
  }

  /**
   * Issue 39 item 2: MachineConfiguration's irreconcilableValidationOverrides let the storage
   * sections it names change; the plan skips them with a note, and what it does not name still
   * refuses.
   */
  @Test
  void overriddenStorageSectionsAreSkippedWithANoteAndTheOthersStillRefuse() {
    MachineConfig a = mc("rendered-a", V + "}");
    MachineConfig b =
        mc(
            "rendered-b",
            V
                + ",\"storage\":{\"disks\":[{\"device\":\"/dev/vdb\"}],"
                + "\"filesystems\":[{\"device\":\"/dev/vdb1\",\"format\":\"xfs\"}]}}");
    java.util.Set<String> disksAndRaid =
        new io.ocelot.api.operator.IrreconcilableValidationOverrides(
                java.util.List.of(
                    io.ocelot.api.operator.StorageOverride.Disks,
                    io.ocelot.api.operator.StorageOverride.Raid))
            .sections();
    PlanResult refused =
        Planner.plan(
            UpdateConfigs.of(ConfigTarget.of(a), ConfigTarget.of(b)),
            Observed.NOTHING,
            java.util.Optional.empty(),
            disksAndRaid);
    assertThat(((PlanResult.Unreconcilable) refused).reasons())
        .containsExactly("ignition filesystems section contains changes");

    java.util.Set<String> all =
        new io.ocelot.api.operator.IrreconcilableValidationOverrides(
                java.util.List.of(io.ocelot.api.operator.StorageOverride.values()))
            .sections();
    PlanResult ready =
        Planner.plan(
            UpdateConfigs.of(ConfigTarget.of(a), ConfigTarget.of(b)),
            Observed.NOTHING,
            java.util.Optional.empty(),
            all);
    UpdatePlan plan = ((PlanResult.Ready) ready).plan();
    assertThat(plan.steps()).isEmpty(); // nothing this node can apply
    assertThat(plan.commit()).isPresent(); // it moves to rendered-b all the same
    assertThat(plan.notes())
        .containsExactly(
            "skipped the storage.disks change: an existing node cannot apply it; nodes provisioned"
                + " from now on get it (irreconcilableValidationOverrides)",
            "skipped the storage.filesystems change: an existing node cannot apply it; nodes"
                + " provisioned from now on get it (irreconcilableValidationOverrides)");
  }

  @Test
  void unchangedRefusedSectionsAreFine() {
    String disks = ",\"storage\":{\"disks\":[{\"device\":\"/dev/vdb\"}]}";
    assertThat(reasons(disks, disks)).isEmpty();
  }
}
