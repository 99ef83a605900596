/**
 * The simulated cluster that runs everything on one machine: the control plane, the controller, one
 * daemon per node (simulated roots with the tool stand-ins, or booted systemd machines in {@code
 * machine}), reboots and faults; {@code demo} scripts scenarios on top of it and {@code bench}
 * measures it. Only the CLI depends on it. Start reading at {@link io.ocelot.sim.SimCluster};
 * docs/simulator.md.
 */
package io.ocelot.sim;
