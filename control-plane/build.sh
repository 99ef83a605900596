#!/usr/bin/env bash
# Builds the Kubernetes control plane (etcd + kube-apiserver + kube-controller-manager controllers,
# one Go program) into control-plane/bin/ocelot-control-plane, unless it is there and newer than
# every source. Maven's build and the ./ocelot wrapper call it; Go's module and build caches make
# every build after the first fast. Exit 3: no Go toolchain here.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="$here/bin/ocelot-control-plane"

stale() {
  [ ! -x "$bin" ] && return 0
  [ -n "$(find "$here" -maxdepth 1 \( -name '*.go' -o -name go.mod -o -name go.sum -o -name build.sh \) \
    -newer "$bin" -print -quit)" ]
}

stale || exit 0
if ! command -v go >/dev/null 2>&1; then
  echo "ocelot-control-plane: no Go toolchain (go) on PATH; cannot build the control plane" >&2
  exit 3
fi
version="$(sed -n 's/^const kubernetesVersion = "\(.*\)"$/\1/p' "$here/state.go")"
minor="$(echo "$version" | cut -d. -f2)"
echo "building the Kubernetes control plane $version (once, about 9 min on 2 cores with downloads; cached after) ..." >&2
start=$(date +%s)
mkdir -p "$here/bin"
cd "$here"
pkg=k8s.io/component-base/version
log="$here/bin/build.log"
# Go's "downloading ..." lines go to the log; on failure its tail is shown.
if ! go build -trimpath -o "$bin.tmp" -ldflags "-s -w \
  -X $pkg.gitVersion=$version -X $pkg.gitMajor=1 -X $pkg.gitMinor=$minor \
  -X $pkg.gitTreeState=clean -X $pkg.buildDate=1970-01-01T00:00:00Z" . >"$log" 2>&1; then
  echo "ocelot-control-plane: the build failed; the end of $log:" >&2
  tail -20 "$log" >&2
  exit 1
fi
mv "$bin.tmp" "$bin"
echo "built $bin in $(( $(date +%s) - start )) s" >&2
