#!/usr/bin/env bash
# Builds Ocelot's two images with podman, tagged with the project's version (as deploy/ and the
# chart pin them):
#   <registry>/ocelot-daemon:<version>   the node agent (ocelot-daemon/src/image/Containerfile)
#   <registry>/ocelot:<version>          the CLI: the controller, the revert unit, day-2 verbs
#                                        (ocelot-cli/src/image/Containerfile)
#
#   tools/build-images.sh [--base IMAGE | --debian-base] [--registry R] [--no-maven]
#
# --base IMAGE   the Java 17 runtime both images start from (default: the Containerfiles' own,
#                upstream's registry.access.redhat.com/ubi9/openjdk-17-runtime)
# --debian-base  a Java base made here from Debian's packages instead (debootstrap, then podman
#                import; once, about a minute; kept as localhost/ocelot-java-base:<recipe>): for
#                machines that reach no image registry, as the tests' do
# --registry R   the images' registry and path (default quay.io/ocelot)
# --no-maven     use what `mvn package` laid out already instead of running it
#
# Exit 3: podman is missing (apt-get install podman runc).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
registry=quay.io/ocelot
base=""
debian=false
maven=true
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base="$2"; shift 2 ;;
    --debian-base) debian=true; shift ;;
    --registry) registry="$2"; shift 2 ;;
    --no-maven) maven=false; shift ;;
    -h|--help) sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-images: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ -n "$base" ] && $debian; then
  echo "build-images: --base and --debian-base exclude each other" >&2
  exit 2
fi
if ! command -v podman >/dev/null 2>&1; then
  echo "build-images: podman is needed (apt-get install podman runc)" >&2
  exit 3
fi

# The version without -SNAPSHOT: what deploy/ and the chart pin.
version="$(sed -n '0,/<artifactId>ocelot-parent<\/artifactId>/d; s/.*<version>\(.*\)<\/version>.*/\1/p' \
  "$here/pom.xml" | head -1)"
version="${version%-SNAPSHOT}"

# podman's defaults ask for more open files and processes than some machines' hard limits allow
# (the container then fails to start); ask for what this one allows. runc where installed: crun
# fails on hosts with cgroups in hybrid mode.
run_opts=(--ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit "nproc=4096:4096")
if command -v runc >/dev/null 2>&1; then
  run_opts+=(--runtime runc)
fi

say() { echo "build-images: $*" >&2; }

debian_base() {
  local suite=bookworm packages=openjdk-17-jre-headless
  # Documentation, manuals, translations and apt's downloads are of no use in an image.
  local trim="var/cache/apt/archives/*.deb var/lib/apt/lists/* usr/share/doc usr/share/man usr/share/locale"
  local id
  id="$(printf 'suite %s\npackages %s\ntrim %s\n' "$suite" "$packages" "$trim" | sha256sum | cut -c1-12)"
  local image="localhost/ocelot-java-base:$suite-$id"
  if podman image exists "$image"; then
    echo "$image"
    return
  fi
  if ! command -v debootstrap >/dev/null 2>&1; then
    say "--debian-base needs debootstrap (apt-get install debootstrap)"
    exit 3
  fi
  say "making $image from Debian $suite's packages (once, about a minute) ..."
  local start dir
  start=$(date +%s)
  dir="$(mktemp -d)"
  # shellcheck disable=SC2064
  trap "rm -rf '$dir'" EXIT
  if ! debootstrap --variant=minbase --include="$packages" "$suite" "$dir/root" \
    "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >"$dir/debootstrap.out" 2>&1; then
    say "debootstrap failed; the end of its output:"
    tail -20 "$dir/debootstrap.out" >&2
    exit 1
  fi
  (cd "$dir/root" && eval rm -rf $trim)
  tar -C "$dir/root" -c . | podman import --quiet \
    --change "LABEL io.ocelot.recipe=$id" --change 'CMD ["/bin/bash"]' - "$image" >/dev/null
  rm -rf "$dir"
  trap - EXIT
  say "made $image in $(( $(date +%s) - start )) s"
  echo "$image"
}

if $maven; then
  say "mvn package (the daemon's image layout and the CLI's fat jar) ..."
  (cd "$here" && mvn -B -q -DskipTests -Dspotless.check.skip=true package -pl ocelot-cli -am)
fi
daemon_layout="$here/ocelot-daemon/target/image"
jar="$here/ocelot-cli/target/ocelot.jar"
if [ ! -f "$daemon_layout/Containerfile" ] || [ ! -f "$jar" ]; then
  echo "build-images: no $daemon_layout or $jar: run without --no-maven" >&2
  exit 2
fi
if $debian; then
  base="$(debian_base)"
fi
build_args=()
if [ -n "$base" ]; then
  build_args=(--build-arg "BASE=$base")
fi

build() { # name context
  local start old new
  start=$(date +%s)
  old="$(podman image inspect --format '{{.Id}}' "$registry/$1:$version" 2>/dev/null || true)"
  say "building $registry/$1:$version ..."
  new="$(podman build --quiet "${run_opts[@]}" "${build_args[@]}" --tag "$registry/$1:$version" "$2")"
  # The image this tag named before is left without a name: remove it unless a container uses it.
  if [ -n "$old" ] && [ "$old" != "$new" ]; then
    podman rmi "$old" >/dev/null 2>&1 || true
  fi
  say "built $registry/$1:$version in $(( $(date +%s) - start )) s"
}

build ocelot-daemon "$daemon_layout"
cli_context="$(mktemp -d)"
cp -r "$here/ocelot-cli/src/image/." "$cli_context/"
cp "$jar" "$cli_context/ocelot.jar"
build ocelot "$cli_context"
rm -rf "$cli_context"
podman image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' \
  | grep -E "^$registry/ocelot(-daemon)?:$version " >&2
