#!/usr/bin/env bash
# Builds the Go tools the install tests run into tools/bin, each unless it is there and newer than
# its module files: helm (pinned in tools/go.mod) and krew, kubectl's plugin manager (pinned in
# tools/krew/go.mod: a module of its own, since it needs an older client-go than helm's). The tests
# call it; Go's module and build caches make every build after the first fast. Exit 3: no Go
# toolchain here.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="$here/bin"

stale() { # tool module-dir
  [ ! -x "$bin/$1" ] && return 0
  [ -n "$(find "$2" "$here/build.sh" -maxdepth 1 \( -name go.mod -o -name go.sum -o -name build.sh \) \
    -newer "$bin/$1" -print -quit)" ]
}

build() { # tool module-dir package version-variable
  local tool="$1" dir="$2" package="$3" variable="$4" version start log
  stale "$tool" "$dir" || return 0
  if ! command -v go >/dev/null 2>&1; then
    echo "ocelot tools: no Go toolchain (go) on PATH; cannot build $tool" >&2
    exit 3
  fi
  version="$(sed -n "s|^\t${package%%/cmd/*} \(v[^ ]*\).*|\1|p" "$dir/go.mod")"
  echo "building $tool $version (once, minutes on 2 cores with downloads; cached after) ..." >&2
  start=$(date +%s)
  mkdir -p "$bin"
  log="$bin/$tool-build.log"
  if ! (cd "$dir" && go build -trimpath -o "$bin/$tool.tmp" \
    -ldflags "-s -w -X $variable=$version" "$package") >"$log" 2>&1; then
    echo "ocelot tools: the $tool build failed; the end of $log:" >&2
    tail -20 "$log" >&2
    exit 1
  fi
  mv "$bin/$tool.tmp" "$bin/$tool"
  echo "built $bin/$tool in $(( $(date +%s) - start )) s" >&2
}

build helm "$here" helm.sh/helm/v4/cmd/helm helm.sh/helm/v4/internal/version.version
build krew "$here/krew" sigs.k8s.io/krew/cmd/krew sigs.k8s.io/krew/internal/version.gitTag
