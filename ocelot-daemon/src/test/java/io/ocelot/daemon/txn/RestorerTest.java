package io.ocelot.daemon.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ocelot.api.ignition.Bytes;
import io.ocelot.daemon.host.FileState;
import io.ocelot.daemon.host.HostException;
import io.ocelot.daemon.host.Systemd;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each kind of restoration on its own: it says whether it changed the host (the failure record's
 * "reverted" or "not needed" per step), and it verifies its result against the pre-image — a tool
 * that answers success without doing its work is an error, never "restored". Mutation testing found
 * these answers unchecked by the suites that run whole updates.
 */
class RestorerTest {
  static final String UNIT =
      "[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n";

  @TempDir Path dir;
  HostFixture fixture;
  HostContext host;
  Restorer restorer;

  @BeforeEach
  void host() throws HostException {
    fixture = new HostFixture(dir.resolve("root"), SeedScenarioTest.BASE);
    host = fixture.host;
    restorer = new Restorer(host);
  }

  static FileState.Regular file(String text) {
    return new FileState.Regular(Bytes.utf8(text), 0644, 0, 0);
  }

  void write(String path, String text) throws HostException {
    host.files().write(path, Bytes.utf8(text), 0644, 0, 0);
  }

  @Test
  void aChangedFileIsPutBackAndAnUnchangedOneIsLeftAlone() throws HostException {
    write("/etc/a.conf", "new\n");
    Restoration back =
        new Restoration.RestoreFile("/etc/a.conf", Optional.of(file("old\n")), List.of());

    assertThat(restorer.restore(back)).isTrue();
    assertThat(host.files().stat("/etc/a.conf")).contains(file("old\n"));
    assertThat(restorer.restore(back)).isFalse();
  }

  @Test
  void aNewFileGoesAndSoDoTheDirectoriesItsWriteCreated() throws HostException {
    List<String> created = host.files().write("/etc/x/y/z.conf", Bytes.utf8("z"), 0644, 0, 0);
    assertThat(created).containsExactly("/etc/x", "/etc/x/y");

    assertThat(
            restorer.restore(
                new Restoration.RestoreFile("/etc/x/y/z.conf", Optional.empty(), created)))
        .isTrue();
    assertThat(host.files().stat("/etc/x")).isEmpty();
    // The file already gone but a created directory left: still a change.
    host.files().ensureDirectory("/etc/x", 0755, 0, 0);
    assertThat(
            restorer.restore(
                new Restoration.RestoreFile(
                    "/etc/x/y/z.conf", Optional.empty(), List.of("/etc/x"))))
        .isTrue();
    assertThat(host.files().stat("/etc/x")).isEmpty();
  }

  @Test
  void aFileRestoreThatDoesNotTakeIsAnErrorThatDescribesBothStates() throws Exception {
    Faults.FailingFiles[] files = new Faults.FailingFiles[1];
    HostFixture lying =
        new HostFixture(
            dir.resolve("lying"),
            SeedScenarioTest.BASE,
            f -> files[0] = new Faults.FailingFiles(f));
    Restorer r = new Restorer(lying.host);
    lying.host.files().write("/etc/now.conf", Bytes.utf8("changed"), 0600, 0, 10);
    files[0].ignoreWrites("/etc/now.conf");

    assertThatThrownBy(
            () ->
                r.restore(
                    new Restoration.RestoreFile(
                        "/etc/now.conf", Optional.of(file("old\n")), List.of())))
        .isInstanceOf(HostException.class)
        .hasMessage(
            "restoring /etc/now.conf did not bring back its previous state: a file of 7 bytes,"
                + " mode 0600, owner 0:10 instead of a file of 4 bytes, mode 0644, owner 0:0");
    files[0].ignoreWrites("/etc/gone.conf");
    assertThatThrownBy(
            () ->
                r.restore(
                    new Restoration.RestoreFile(
                        "/etc/gone.conf", Optional.of(new FileState.Symlink("/etc/t")), List.of())))
        .hasMessageEndingWith("previous state: absent instead of a symlink to /etc/t");
    lying.host.files().ensureDirectory("/etc/now.d", 0755, 0, 0);
    files[0].ignoreWrites("/etc/now.d");
    assertThatThrownBy(
            () ->
                r.restore(
                    new Restoration.RestoreFile("/etc/now.d", Optional.of(file("x")), List.of())))
        .hasMessageEndingWith(
            "previous state: a directory instead of a file of 1 bytes, mode 0644, owner 0:0");
  }

  @Test
  void onlyNewEmptyDirectoriesAreRemoved() throws HostException {
    host.files().ensureDirectory("/etc/d/old", 0755, 0, 0);
    host.files().ensureDirectory("/etc/d/new", 0755, 0, 0);
    write("/etc/d/full/f", "f");
    Restoration r = new Restoration.RemoveNewEmptyDirs("/etc/d", List.of("old"));

    assertThat(restorer.restore(r)).isTrue();
    assertThat(host.files().list("/etc/d")).containsExactly("full", "old");
    assertThat(restorer.restore(r)).isFalse();
  }

  @Test
  void aUnitDisabledAndEnabledAgainOnTheWayBackCountsAsUnchanged() throws HostException {
    write("/etc/systemd/system/a.service", UNIT);
    host.systemd().enable(List.of("a.service"));
    Restoration enabled =
        new Restoration.RestoreEnablement("a.service", Systemd.Enablement.ENABLED);

    // A unit step's undo: its links off, then the old enablement back. The unit was enabled
    // before the update and after it, so going back changed nothing (a second health rollback
    // pass must see nothing left to restore, or it reboots again).
    assertThat(restorer.restore(new Restoration.DisableUnit("a.service"))).isFalse();
    assertThat(host.systemd().isEnabled("a.service")).isEqualTo(Systemd.Enablement.DISABLED);
    assertThat(restorer.restore(enabled)).isFalse();
    assertThat(host.systemd().isEnabled("a.service")).isEqualTo(Systemd.Enablement.ENABLED);

    // The update had enabled it: going back disables it, a change.
    Restoration disabled =
        new Restoration.RestoreEnablement("a.service", Systemd.Enablement.DISABLED);
    assertThat(restorer.restore(new Restoration.DisableUnit("a.service"))).isFalse();
    assertThat(restorer.restore(disabled)).isTrue();
    assertThat(host.systemd().isEnabled("a.service")).isEqualTo(Systemd.Enablement.DISABLED);
  }

  @Test
  void enablementIsRestoredBothWaysAndOnlyWhenItDiffers() throws HostException {
    write("/etc/systemd/system/a.service", UNIT);
    Restoration enabled =
        new Restoration.RestoreEnablement("a.service", Systemd.Enablement.ENABLED);
    Restoration disabled =
        new Restoration.RestoreEnablement("a.service", Systemd.Enablement.DISABLED);

    assertThat(restorer.restore(enabled)).isTrue();
    assertThat(host.systemd().isEnabled("a.service")).isEqualTo(Systemd.Enablement.ENABLED);
    assertThat(restorer.restore(enabled)).isFalse();
    assertThat(restorer.restore(disabled)).isTrue();
    assertThat(host.systemd().isEnabled("a.service")).isEqualTo(Systemd.Enablement.DISABLED);
    assertThat(restorer.restore(disabled)).isFalse();
  }

  @Test
  void anEnablementSystemctlDidNotChangeIsAnError() throws HostException {
    write("/etc/systemd/system/a.service", UNIT);
    Faults.failTool(fixture.root, "systemctl", "enable", 0, "");
    assertThatThrownBy(
            () ->
                restorer.restore(
                    new Restoration.RestoreEnablement("a.service", Systemd.Enablement.ENABLED)))
        // The port reads the effect back and names the tool that did not do its work.
        .hasMessage(
            "systemctl enable a.service exited 0 but did not take: systemctl is-enabled says"
                + " disabled");

    Faults.healTool(fixture.root, "systemctl");
    host.systemd().enable(List.of("a.service"));
    Faults.failTool(fixture.root, "systemctl", "disable", 0, "");
    assertThatThrownBy(
            () ->
                restorer.restore(
                    new Restoration.RestoreEnablement("a.service", Systemd.Enablement.DISABLED)))
        .hasMessage(
            "systemctl disable a.service exited 0 but did not take: systemctl is-enabled says"
                + " enabled");
  }

  @Test
  void aPasswordHashIsPutBackAndVerified() throws HostException {
    String before = "$6$salt$abc";
    host.users().setPasswordHash("core", "$6$salt$new");
    Restoration r = new Restoration.RestorePasswordHash("core", before);

    assertThat(restorer.restore(r)).isTrue();
    assertThat(host.users().passwordHash("core")).contains(before);
    assertThat(restorer.restore(r)).isFalse();

    Faults.failTool(fixture.root, "usermod", "-p", 0, "");
    host.files().write("/etc/shadow", Bytes.utf8("core:$6$x$y:19000::::::\n"), 0600, 0, 0);
    assertThatThrownBy(() -> restorer.restore(r))
        .hasMessage(
            "Failed to reset password for core: usermod exited 0 but /etc/shadow does not hold"
                + " the new hash");
  }

  @Test
  void aStagedDeploymentIsDiscardedAndVerified() throws HostException {
    assertThat(restorer.restore(new Restoration.DiscardStaged())).isFalse();
    String image = "quay.io/example/os@sha256:" + "1".repeat(64);
    fixture.fake.markPullable(image);
    host.images().stage(image);

    assertThat(restorer.restore(new Restoration.DiscardStaged())).isTrue();
    assertThat(host.images().status().staged()).isEmpty();

    host.images().stage(image);
    Faults.failTool(fixture.root, "rpm-ostree", "cleanup", 0, "");
    assertThatThrownBy(() -> restorer.restore(new Restoration.DiscardStaged()))
        .hasMessage("discarding the staged deployment left " + image + " staged");
  }

  @Test
  void serviceActionsRunAgainAndASystemdReloadChangesNothingRecorded() throws Exception {
    Path reloaded = fixture.root.resolve("run/systemd/last-daemon-reload");
    Files.deleteIfExists(reloaded);
    assertThat(restorer.restore(new Restoration.RerunService("restart", "chronyd.service")))
        .isTrue();
    assertThat(reloaded).doesNotExist();
    assertThat(restorer.restore(new Restoration.RerunService("daemon-reload", ""))).isTrue();
    assertThat(reloaded).exists();
    Files.delete(reloaded);
    assertThat(restorer.restore(new Restoration.ReloadSystemd())).isFalse();
    assertThat(reloaded).exists();

    assertThat(Files.readAllLines(fixture.root.resolve("var/lib/fakehost/service-actions")))
        .containsExactly("restart chronyd.service");
  }
}
