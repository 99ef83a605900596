package io.ocelot.daemon.host;

/**
 * The boot counter of GRUB's environment block, as greenboot and Fedora's grub2 use it: {@code
 * boot_counter} counts down at each boot; at 0 the bootloader boots the fallback entry (the
 * previous deployment) and sets it to -1, which is how the next start knows.
 */
public final class GrubBootCounter implements BootCounter {
  private static final String TOOL = "grub2-editenv";

  private final CommandRunner runner;

  public GrubBootCounter(CommandRunner runner) {
    this.runner = runner;
  }

  @Override
  public void arm(int boots) throws HostException {
    HostException.check(
        runner,
        Command.of(TOOL, "-", "set", "boot_counter=" + boots, "boot_success=0"),
        "failed to arm the boot counter");
  }

  @Override
  public void disarm() throws HostException {
    HostException.check(
        runner,
        Command.of(TOOL, "-", "unset", "boot_counter"),
        "failed to disarm the boot counter");
  }

  @Override
  public boolean fellBack() throws HostException {
    CommandResult r =
        HostException.check(
            runner, Command.of(TOOL, "-", "list"), "failed to read the boot counter");
    return r.stdout().lines().anyMatch(l -> l.strip().equals("boot_counter=-1"));
  }
}
