package io.ocelot.daemon.plan;

import static io.ocelot.daemon.plan.ReconcilabilityTest.reasons;
import static org.assertj.core.api.Assertions.assertThat;

import io.ocelot.api.disruption.ConfigTarget;
import io.ocelot.api.model.MachineConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * MCO pkg/controller/common/reconcile_test.go, TestIsRenderedConfigReconcilable and
 * TestReconcilableSSH, step by step: the old and new config bodies MCO builds and whether MCO finds
 * the change reconcilable. (The steps with an irreconcilable-change override belong to issue 39.)
 */
class McoReconcilableTest {
  static final String DISK = ",\"storage\":{\"disks\":[{\"device\":\"/one\"}]}";
  static final String FS =
      ",\"storage\":{\"filesystems\":[{\"device\":\"/dev/sda1\",\"format\":\"ext4\","
          + "\"path\":\"/foo/bar\"}]}";
  static final String RAID =
      ",\"storage\":{\"raid\":[{\"name\":\"data\",\"level\":\"stripe\","
          + "\"devices\":[\"/dev/vda\",\"/dev/vdb\"]}]}";
  static final String LUKS =
      ",\"storage\":{\"luks\":[{\"name\":\"luks-tang\",\"device\":\"/dev/sdb\",\"clevis\":"
          + "{\"custom\":{},\"tang\":[{\"url\":\"https://tang.example.com\",\"advertisement\":"
          + "\"{\\\"payload\\\": \\\"...\\\", \\\"protected\\\": \\\"...\\\", \\\"signature\\\":"
          + " \\\"...\\\"}\",\"thumbprint\":\"TREPLACE-THIS-WITH-YOUR-TANG-THUMBPRINT\"}]}}]}";

  static String users(String users) {
    return ",\"passwd\":{\"users\":[" + users + "]}";
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "Ignition (matching versions)|''|''|true",
        "Disk|" + DISK + "|''|false",
        "Disk (matched)|" + DISK + "|" + DISK + "|true",
        "Filesystem|" + FS + "|''|false",
        "Filesystem (matched)|" + FS + "|" + FS + "|true",
        "Raid|" + RAID + "|''|false",
        "Raid (matched)|" + RAID + "|" + RAID + "|true",
        "PasswdGroups (none)|''|''|true",
        "PasswdGroups|''|,\"passwd\":{\"groups\":[{\"name\":\"testGroup\"}]}|false",
        "KernelArguments|''|,\"kernelArguments\":{\"shouldExist\":[\"foo=bar\"],"
            + "\"shouldNotExist\":[\"baz=foo\"]}|false",
        "LuksClevisTang|" + LUKS + "|''|true",
        "forcefile|''|,\"storage\":{\"files\":[{\"path\":\"/run/machine-config-daemon-force\","
            + "\"mode\":644,\"contents\":{\"source\":\"data:,\"}}]}|false",
        // TestReconcilableSSH
        "SSH: keys of core added|''|"
            + "USERS{\"name\":\"core\",\"sshAuthorizedKeys\":[\"5678\",\"abc\"]}|true",
        "SSH: a user not core|USERS{\"name\":\"core\",\"sshAuthorizedKeys\":[\"1234\"]}"
            + "|USERS{\"name\":\"another user\",\"sshAuthorizedKeys\":[\"5678\"]}|false",
        "SSH: another field of core|USERS{\"name\":\"core\",\"sshAuthorizedKeys\":[\"1234\"]}"
            + "|USERS{\"name\":\"core\",\"sshAuthorizedKeys\":[\"5678\"],\"homeDir\":\"somedir\"}"
            + "|false",
        "SSH: a second user|USERS{\"name\":\"core\",\"sshAuthorizedKeys\":[\"1234\"]}"
            + "|USERS{\"name\":\"core\",\"sshAuthorizedKeys\":[\"5678\"]},{\"name\":\"some user\","
            + "\"sshAuthorizedKeys\":[\"5678\"]}|false",
        "SSH: core's only key removed|USERS{\"name\":\"core\",\"sshAuthorizedKeys\":[\"1234\"]}"
            + "|USERS{\"name\":\"core\",\"sshAuthorizedKeys\":[]}|false",
        "SSH: no users|USERS{\"name\":\"core\",\"sshAuthorizedKeys\":[\"1234\"]}|''|true",
      })
  void reconcilableAsMcoFindsIt(String step, String oldBody, String newBody, boolean mco) {
    assertThat(reasons(body(oldBody), body(newBody)).isEmpty()).as(step).isEqualTo(mco);
  }

  /** MCO's first step: a config of an unknown Ignition version (4.0.0) is not reconcilable. */
  @org.junit.jupiter.api.Test
  void anUnknownVersionIsNotReconcilable() {
    MachineConfig a = Configs.mc("rendered-a", "{\"ignition\":{\"version\":\"3.5.0\"}}");
    MachineConfig b = Configs.mc("rendered-b", "{\"ignition\":{\"version\":\"4.0.0\"}}");
    assertThat(Planner.plan(ConfigTarget.of(a), ConfigTarget.of(b), Observed.NOTHING))
        .isInstanceOf(PlanResult.Unreconcilable.class);
  }

  private static String body(String b) {
    if (b == null) {
      return "";
    }
    return b.startsWith("USERS") ? users(b.substring(5)) : b;
  }
}
