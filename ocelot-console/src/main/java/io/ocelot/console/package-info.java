/**
 * The web console, for any cluster kubectl reaches: pools, nodes, their failures and the firing
 * alerts, served as one page and JSON. Uses only the API model of ours (the architecture test holds
 * it to that). Start reading at {@link io.ocelot.console.Console}; docs/console.md.
 */
package io.ocelot.console;
