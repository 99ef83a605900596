# Shared by the fake host tools. They keep all state in files under the host root, which is the
# directory two levels above usr/bin (so a root can be moved or copied and keeps working).
# Bash builtins where they serve: a simulated cluster runs these tools thousands of times, and
# every forked program costs the machine more than the work it does (docs/performance.md).
# shellcheck shell=bash
set -u

pushd "${BASH_SOURCE[0]%/*}/../../.." > /dev/null || exit 1
FAKEHOST_ROOT="$PWD"
popd > /dev/null || exit 1
STATE="$FAKEHOST_ROOT/var/lib/fakehost"
DEPLOYMENTS="$STATE/ostree/deployments"

# The stand-ins' own state lives in these directories of the root. A symlink at any of them (var/log
# -> /somewhere) would make every write of every tool land outside the root, so none may be one;
# tested with builtins, as every tool pays for this on every run.
for fh_dir in var var/lib var/lib/fakehost var/lib/fakehost/ostree var/lib/fakehost/ostree/deployments \
    var/log run run/ocelot-fakehost run/systemd run/systemd/transient; do
  if [ -L "$FAKEHOST_ROOT/$fh_dir" ]; then
    printf 'refusing to run: /%s in the host root is a symlink; the stand-ins keep their state inside the root only\n' "$fh_dir" >&2
    exit 1
  fi
done
unset fh_dir

fh_log() {
  [ -d "$FAKEHOST_ROOT/var/log" ] || mkdir -p "$FAKEHOST_ROOT/var/log"
  local now
  TZ=UTC printf -v now '%(%Y-%m-%dT%H:%M:%SZ)T' -1
  printf '%s %s\n' "$now" "$*" >> "$FAKEHOST_ROOT/var/log/fakehost.log"
}

# Refuses (exit 1) a path that resolves outside the root: a symlinked directory under the root
# (etc/systemd/system/multi-user.target.wants -> /tmp/x) must not make a tool write outside it,
# as a chrooted tool never could. Absolute link targets resolve on the machine, not in the root,
# so they are refused as well: stand-ins stay confined without emulating a chroot.
fh_confined() { # path...
  local p real root
  root="$(realpath -m -- "$FAKEHOST_ROOT")"
  for p in "$@"; do
    real="$(realpath -m -- "$p")"
    case "$real" in
      "$root"|"$root"/*) ;;
      *) printf 'refusing %s: it resolves to %s, outside the host root\n' "${p#"$FAKEHOST_ROOT"}" "$real" >&2; return 1;;
    esac
  done
}

fh_die() { # exit-code message...
  local code="$1"; shift
  printf '%s\n' "$*" >&2
  exit "$code"
}

# Removes a file or tree if it is there: rm is a program, and most removals find nothing.
fh_remove() { if [ -e "$1" ] || [ -L "$1" ]; then rm -rf "$1"; fi; }

# Slots: staged, booted, rollback. A slot exists when its directory has an image file.
fh_has() { [ -f "$DEPLOYMENTS/$1/image" ]; }
# A slot's file into the variable named first ("" when absent), without its trailing newlines
# as "$(cat …)" would give it, but without a fork.
fh_get() { # var slot file
  local -n fh_out="$1"
  fh_out=""
  if [ -f "$DEPLOYMENTS/$2/$3" ]; then IFS= read -r -d '' fh_out < "$DEPLOYMENTS/$2/$3" || true; fi
  while [[ $fh_out == *$'\n' ]]; do fh_out="${fh_out%$'\n'}"; done
}

# The deployment new work is based on (the staged one if any, else the booted one) into the
# variable named first.
fh_merge_slot() { # var
  local -n fh_slot="$1"
  if fh_has staged; then fh_slot=staged; else fh_slot=booted; fi
}

fh_digest() { # var text: the text's SHA-256 in hex, into the variable named first
  local -n fh_sum="$1"
  local rest
  read -r fh_sum rest < <(printf '%s' "$2" | sha256sum)
}

# An image's digest (its SHA-256, as the tools report it) from the slot's `digest` file when that
# was written for this image, else computed: a status runs several times per update, and each
# sha256sum costs two forks.
fh_image_digest() { # var slot image
  local -n fh_dig="$1"
  local line=""
  if [ -f "$DEPLOYMENTS/$2/digest" ]; then IFS= read -r line < "$DEPLOYMENTS/$2/digest" || true; fi
  if [ -n "$line" ] && [ "${line#* }" = "$3" ]; then
    fh_dig="${line%% *}"
  else
    fh_digest fh_dig "$3"
  fi
}

# Splits a kernel command line as the kernel does (next_arg in lib/cmdline.c) and rpm-ostree
# keeps it: spaces and tabs separate, double quotes group (and stay), no escapes. One per line.
fh_split_kargs() {
  local line="$1" arg="" quoted=0 c i
  for ((i = 0; i < ${#line}; i++)); do
    c="${line:i:1}"
    if [ "$c" = '"' ]; then quoted=$((1 - quoted)); fi
    if [ $quoted -eq 0 ] && { [ "$c" = " " ] || [ "$c" = $'\t' ]; }; then
      if [ -n "$arg" ]; then printf '%s\n' "$arg"; fi
      arg=""
    else
      arg+="$c"
    fi
  done
  if [ -n "$arg" ]; then printf '%s\n' "$arg"; fi
  return 0
}

# Writes a staged deployment: image, kargs and packages (one per line), and the image's digest.
# One sha256sum computes both digests: each program run costs more than everything else a staging
# does.
fh_write_staged() { # image kargs packages
  local tmp="$DEPLOYMENTS/.staged.tmp" serial=0
  local -a sums
  fh_remove "$tmp"
  mkdir "$tmp"
  printf '%s\n' "$1" > "$tmp/image"
  printf '%s\n' "$2" > "$tmp/kargs"
  printf '%s' "$3" > "$tmp/packages"
  mapfile -t sums < <(exec sha256sum <(printf '%s|%s|%s' "$1" "$2" "$3") <(printf '%s' "$1"))
  printf '%s\n' "${sums[0]%% *}" > "$tmp/checksum"
  printf '%s %s\n' "${sums[1]%% *}" "$1" > "$tmp/digest"
  if [ -f "$STATE/serial" ]; then read -r serial < "$STATE/serial" || true; fi
  serial=$(( ${serial:-0} + 1 ))
  echo "$serial" > "$STATE/serial"
  echo "$serial" > "$tmp/serial"
  fh_remove "$DEPLOYMENTS/staged"
  mv "$tmp" "$DEPLOYMENTS/staged"
}

fh_json_string() { # prints a JSON string literal
  local s="$1"
  s="${s//\\/\\\\}"; s="${s//\"/\\\"}"
  printf '"%s"' "$s"
}

fh_packages_json() { # slot
  local first=1 p list="$DEPLOYMENTS/$1/packages"
  [ -f "$list" ] || list=/dev/null
  printf '['
  while IFS= read -r p; do
    [ -z "$p" ] && continue
    [ $first -eq 1 ] || printf ', '
    fh_json_string "$p"; first=0
  done < "$list"
  printf ']'
}

fh_listed() { # file line: whether the file has that line
  local l
  [ -f "$1" ] || return 1
  while IFS= read -r l || [ -n "$l" ]; do [ "$l" = "$2" ] && return 0; done < "$1"
  return 1
}

fh_unpullable() { # image
  fh_listed "$STATE/faults/unpullable" "$1"
}

# Pulls an image into a store of the host (var/lib/fakehost/images, the OS images; cri-images,
# the container runtime's) unless it is there: a pull takes size / speed seconds as
# var/lib/fakehost/registry says them ("<MiB> <MiB per second>", the simulator writes it; none:
# instant), so staging ahead of a rollout shows. Fails (1) for an image marked unpullable; the
# caller says how its tool reports that.
fh_pull() { # image [store]
  local store="${2:-images}" key="${1//[\/:@]/_}" size=0 speed=0 ms
  [ -f "$STATE/$store/$key" ] && return 0
  fh_unpullable "$1" && return 1
  fh_registry_cost size speed
  if [ "$size" -gt 0 ] && [ "$speed" -gt 0 ]; then
    ms=$(( size * 1000 / speed ))
    sleep "$(( ms / 1000 )).$(printf '%03d' $(( ms % 1000 )))"
  fi
  [ -d "$STATE/$store" ] || mkdir -p "$STATE/$store"
  printf '%s\n' "$1" > "$STATE/$store/$key"
}

# An image's size in MiB and the pull speed in MiB/s, as var/lib/fakehost/registry says them (0 0
# without it), into the variables named.
fh_registry_cost() { # size-var speed-var
  local -n fh_size="$1" fh_speed="$2"
  local a=0 b=0
  if [ -f "$STATE/registry" ]; then read -r a b < "$STATE/registry" || true; fi
  [[ $a =~ ^[0-9]+$ ]] || a=0
  [[ $b =~ ^[0-9]+$ ]] || b=0
  fh_size=$a fh_speed=$b
}
