#!/usr/bin/env bash
# The simulated image's own health check (greenboot's image-shipped directory): it fails while the
# simulator breaks the node's health (ocelot fault fail-health), as a bad image's symptom would.
source "$(dirname "$0")/../../../fakehost/lib.sh"
fault="$STATE/faults/unhealthy"
[ -f "$fault" ] || exit 0
cat "$fault" >&2
exit 1
