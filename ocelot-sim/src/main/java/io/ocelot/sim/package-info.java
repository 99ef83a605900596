/**
 * The embedded cluster that runs everything on one machine: API server, controller, one daemon per
 * simulated node, reboots and faults. Only the CLI depends on it. It arrives with the simulator
 * issue (issue 6).
 */
package io.ocelot.sim;
