/**
 * The cluster side: render, node rollout, drain, pool status and image build reconcilers. Meets the
 * daemon only through API objects and node annotations. The reconcilers arrive with the controller
 * issue (issue 5); the render merge they use already lives in {@code io.ocelot.api.render}.
 */
package io.ocelot.controller;
