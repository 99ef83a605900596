package io.ocelot.daemon.host;

/** Runs host programs. Every process the daemon starts goes through this seam. */
public interface CommandRunner {
  /** Runs the command to completion (or its timeout); never throws for a failing program. */
  CommandResult run(Command command);
}
