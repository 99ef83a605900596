# Shared by the stand-ins for rpm-ostree and bootc on a root booted from a real ostree sysroot (a
# machine node), sourced after lib.sh: the deployments, their order, staging, /etc and the kernel
# arguments are ostree's own (`ostree admin`); what the tools add is kept where rpm-ostree keeps it,
# in each deployment's origin file (`container-image-reference`). An image is a commit of the merge
# deployment's tree with the image's name in /usr/lib/ocelot/image; pulls and their faults are the
# stand-ins' registry (lib.sh's fh_pull); reordering needs ostree's API (python3-gi and
# gir1.2-ostree-1.0 in the image, ostree-rollback.py): ostree 2022.7 has no command for it.
# shellcheck shell=bash
TRANSPORT="ostree-unverified-registry:"
REPO=/ostree/repo

# The deployments in boot order, one per line: "<mark> <stateroot> <checksum>.<serial> <flag>",
# mark * for the booted one (else .), flag staged, pending, rollback or none.
deployments() {
  ostree admin status | sed -nE \
    -e 's/^\* ([^ ]+) ([0-9a-f]{64}\.[0-9]+)( \(([a-z]+)\))?$/* \1 \2 \4/p' \
    -e 's/^  ([^ ]+) ([0-9a-f]{64}\.[0-9]+)( \(([a-z]+)\))?$/. \1 \2 \4/p'
}

dir_of() { printf '/ostree/deploy/%s/deploy/%s' "$1" "$2"; } # stateroot checksum.serial

origin_key() { # origin-file key
  sed -n "s/^$2=//p" "$1" | head -n 1
}

# A deployment's kernel arguments: a staged one's as this tool recorded them in its origin (ostree
# writes its boot entry only when finalizing it), else its boot entry's, without ostree=.
kargs_of() { # stateroot checksum.serial flag
  local dir e opts link
  dir="$(dir_of "$1" "$2")"
  if [ "$3" = staged ]; then
    origin_key "$dir.origin" kargs
    return
  fi
  for e in /boot/loader/entries/*.conf; do
    [ -f "$e" ] || continue
    opts="$(sed -n 's/^options //p' "$e")"
    link="$(printf '%s\n' "$opts" | grep -o 'ostree=[^ ]*' | head -n 1)"
    if [ -n "$link" ] && [ "$(readlink -f "/sysroot${link#ostree=}")" = "$(readlink -f "/sysroot$dir")" ]; then
      printf '%s\n' "$opts" | sed -E 's/(^| )ostree=[^ ]*//; s/^ //'
      return
    fi
  done
}

image_of() { # stateroot checksum.serial: the image reference without the transport
  local ref
  ref="$(origin_key "$(dir_of "$1" "$2").origin" container-image-reference)"
  printf '%s' "${ref#"$TRANSPORT"}"
}

# The deployment new work starts from: the staged one if any, else the booted one, as
# "<stateroot> <checksum>.<serial> <flag>".
merge_deployment() {
  local mark root id flag staged="" booted=""
  while read -r mark root id flag; do
    [ "$flag" = staged ] && staged="$root $id $flag"
    [ "$mark" = "*" ] && booted="$root $id $flag"
  done < <(deployments)
  [ -n "$booted" ] || fh_die 1 "error: This system was not booted via libostree"
  printf '%s\n' "${staged:-$booted}"
}

index_of() { # flag: the index of the deployment with that flag, for ostree admin undeploy
  local i=0 mark root id flag
  while read -r mark root id flag; do
    if [ "$flag" = "$1" ]; then printf '%s\n' "$i"; return; fi
    i=$((i + 1))
  done < <(deployments)
}

# Stages checksum with the image reference and kernel arguments given: ostree replaces a staged
# deployment, merges /etc from the booted one when it finalizes at shutdown.
stage() { # stateroot checksum image kargs
  local origin a
  origin="$(mktemp)"
  printf '[origin]\ncontainer-image-reference=%s\nkargs=%s\n' "$TRANSPORT$3" "$4" > "$origin"
  local -a args=(--stage "--os=$1" "--origin-file=$origin" --karg-none)
  while IFS= read -r a; do [ -n "$a" ] && args+=("--karg-append=$a"); done < <(fh_split_kargs "$4")
  if ! ostree admin deploy "${args[@]}" "$2" > /dev/null; then
    rm -f "$origin"
    fh_die 1 "error: Staging deployment failed"
  fi
  rm -f "$origin"
}

# Commits the tree of a deployment with an image's name in it; prints the new commit.
commit_image() { # checksum.serial image
  local layer csum
  layer="$(mktemp -d)"
  # The layer's own directory is the tree's root: mktemp's 0700 would lock every user out of /.
  chmod 0755 "$layer"
  mkdir -p "$layer/usr/lib/ocelot"
  printf '%s\n' "$2" > "$layer/usr/lib/ocelot/image"
  csum="$(ostree commit "--repo=$REPO" --orphan "--subject=$2" \
    "--add-metadata-string=ocelot.image=$2" "--tree=ref=${1%.*}" "--tree=dir=$layer")" || csum=""
  rm -rf "$layer"
  [ -n "$csum" ] && printf '%s\n' "$csum"
}

# The first two deployments swap places: the rollback one boots next, or (run again) no longer.
swap_first_two() {
  python3 "${BASH_SOURCE[0]%/*}/ostree-rollback.py" /
}
