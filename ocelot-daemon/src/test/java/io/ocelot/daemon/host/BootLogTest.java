package io.ocelot.daemon.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The previous boot's finalization failure, found in the unit's log as a real journal holds it. */
class BootLogTest {
  static BootLog answering(int exit, String stdout) {
    return new BootLog(c -> new CommandResult(c, exit, stdout, ""));
  }

  @Test
  void ostreesErrorLineWinsOverSystemdsVerdict() {
    String log =
        """
        Starting OSTree Finalize Staged Deployment...
        Finished OSTree Finalize Staged Deployment.
        Stopping OSTree Finalize Staged Deployment...
        Finalizing staged deployment
        error: Finalizing staged deployment: Copying /etc: No space left on device
        ostree-finalize-staged.service: Control process exited, code=exited, status=1/FAILURE
        ostree-finalize-staged.service: Failed with result 'exit-code'.
        Stopped OSTree Finalize Staged Deployment.
        """;
    assertThat(answering(0, log).previousFinalizeFailure())
        .hasValue("error: Finalizing staged deployment: Copying /etc: No space left on device");
  }

  @Test
  void aTimeoutIsSystemdsWords() {
    assertThat(
            BootLog.failureIn(
                List.of(
                    "Finalizing staged deployment",
                    "ostree-finalize-staged.service: Stopping timed out. Terminating.",
                    "ostree-finalize-staged.service: Failed with result 'timeout'.")))
        .hasValue("ostree-finalize-staged.service: Failed with result 'timeout'.");
  }

  @Test
  void aFinalizationThatWorkedOrNoJournalSaysNothing() {
    assertThat(
            answering(0, "Finalizing staged deployment\nBootloader updated; bootconfig swap: yes\n")
                .previousFinalizeFailure())
        .isEmpty();
    assertThat(answering(1, "-- No entries --\n").previousFinalizeFailure()).isEmpty();
  }
}
