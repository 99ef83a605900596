package io.ocelot.cli;

/** Output formats of the commands that print objects. */
enum OutputFormat {
  text,
  yaml,
  json
}
