package io.ocelot.daemon.host;

import io.ocelot.api.text.Printable;

/** Chooses the host's OS tool: rpm-ostree where it exists (as MCO does), else bootc. */
public final class OsImagesProbe {
  private OsImagesProbe() {}

  public static OsImages detect(CommandRunner runner) throws HostException {
    if (runner.run(Command.of("rpm-ostree", "--version")).ok()) {
      return new RpmOstreeImages(runner);
    }
    CommandResult bootc = runner.run(Command.of("bootc", "--version"));
    if (bootc.ok()) {
      return new BootcImages(runner);
    }
    throw new HostException(
        "neither rpm-ostree nor bootc works on this host; is it an image-based host?");
  }

  /** A tool's answer shortened and escaped for a message: {@code nothing} when it was empty. */
  static String preview(String answer) {
    String a = answer.strip();
    if (a.isEmpty()) {
      return "nothing";
    }
    return Printable.quote(a);
  }
}
