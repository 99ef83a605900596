/**
 * The {@code ocelot} command: one picocli subcommand per verb (sim, demo, daemon, controller, host,
 * plan, render, validate, describe, rollout, fault, bench, console), each a thin shell over the
 * module that does the work. The only module that may depend on the simulator. Start reading at
 * {@link io.ocelot.cli.Main}; docs/cli.md.
 */
package io.ocelot.cli;
