/**
 * The cluster side, meeting the daemons only through API objects and node annotations. This package
 * is the operator's wiring (reconcilers registered, leader election, settings, retry); each
 * reconciler has its own package below it ({@code pool}, {@code drain}, {@code imagebuild}, {@code
 * mcn}, {@code policy}, with {@code render} and {@code rollout} as the pool's steps), and {@code
 * members} and {@code support} hold what they share. No package reaches back into this one and none
 * forms a circle (the architecture test). Start reading at {@link
 * io.ocelot.controller.ControllerOperator}; docs/controller.md.
 */
package io.ocelot.controller;
