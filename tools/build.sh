#!/usr/bin/env bash
# Builds the Go tools the install tests run (Helm; their versions are pinned in go.mod) into
# tools/bin, unless they are there and newer than go.mod/go.sum. The tests call it; Go's module
# and build caches make every build after the first fast. Exit 3: no Go toolchain here.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="$here/bin"

stale() {
  [ ! -x "$bin/helm" ] && return 0
  [ -n "$(find "$here" -maxdepth 1 \( -name go.mod -o -name go.sum -o -name build.sh \) \
    -newer "$bin/helm" -print -quit)" ]
}

stale || exit 0
if ! command -v go >/dev/null 2>&1; then
  echo "ocelot tools: no Go toolchain (go) on PATH; cannot build helm" >&2
  exit 3
fi
version="$(sed -n 's/^\thelm.sh\/helm\/v4 \(v[^ ]*\).*/\1/p' "$here/go.mod")"
echo "building helm $version (once, about 3 min on 2 cores with downloads; cached after) ..." >&2
start=$(date +%s)
mkdir -p "$bin"
cd "$here"
log="$bin/build.log"
if ! go build -trimpath -o "$bin/helm.tmp" \
  -ldflags "-s -w -X helm.sh/helm/v4/internal/version.version=$version" \
  helm.sh/helm/v4/cmd/helm >"$log" 2>&1; then
  echo "ocelot tools: the helm build failed; the end of $log:" >&2
  tail -20 "$log" >&2
  exit 1
fi
mv "$bin/helm.tmp" "$bin/helm"
echo "built $bin/helm in $(( $(date +%s) - start )) s" >&2
