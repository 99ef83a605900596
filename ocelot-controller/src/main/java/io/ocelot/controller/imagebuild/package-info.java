/**
 * On-cluster layering's image builds: a MachineOSConfig and a pool's rendered config become a
 * MachineOSBuild, built through the {@link io.ocelot.controller.imagebuild.ImageBuilder} port — a
 * Kubernetes Job running buildah in production ({@code JobImageBuilder}), an in-process builder in
 * the simulator and the controller's tests ({@code SimulatedImageBuilder}, kept here so that both
 * can use it). Start reading at {@code BuildReconciler}. See docs/controller.md.
 */
package io.ocelot.controller.imagebuild;
