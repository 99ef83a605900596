#!/bin/bash
# The simulated image's own health check (greenboot's image-shipped directory): it fails while the
# simulator breaks the node's health (ocelot fault fail-health) or the booted image's
# (ocelot fault fail-image-health), as a bad image's symptom would.
source "${0%/*}/../../../fakehost/lib.sh"
fault="$STATE/faults/unhealthy"
if [ -f "$fault" ]; then
  cat "$fault" >&2
  exit 1
fi
fh_get booted booted image
if fh_listed "$STATE/faults/unhealthy-images" "$booted"; then
  echo "kubelet did not become ready in this image (simulated by ocelot fault fail-image-health)" >&2
  exit 1
fi
exit 0
