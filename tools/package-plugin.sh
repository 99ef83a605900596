#!/usr/bin/env bash
# Packages `kubectl ocelot` as a krew plugin: the archive (the launcher bin/kubectl-ocelot and the
# CLI's fat jar) and its manifest (krew/ocelot.yaml filled in with the version, the archive's URI
# and its sha256), into ocelot-cli/target/krew.
#
#   tools/package-plugin.sh [--uri-base URL] [--no-maven]
#
# --uri-base URL  where the release serves the archive (default: this directory, as a file:// URI,
#                 for `kubectl krew install --manifest=… --archive=…`)
# --no-maven      use the fat jar `mvn package` made already instead of running it
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$here/ocelot-cli/target/krew"
uri_base=""
maven=true
while [ $# -gt 0 ]; do
  case "$1" in
    --uri-base) uri_base="$2"; shift 2 ;;
    --no-maven) maven=false; shift ;;
    -h|--help) sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package-plugin: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
version="$(sed -n '0,/<artifactId>ocelot-parent<\/artifactId>/d; s/.*<version>\(.*\)<\/version>.*/\1/p' \
  "$here/pom.xml" | head -1)"
version="${version%-SNAPSHOT}"
if $maven; then
  (cd "$here" && mvn -B -q -DskipTests -Dspotless.check.skip=true package -pl ocelot-cli -am)
fi
jar="$here/ocelot-cli/target/ocelot.jar"
if [ ! -f "$jar" ]; then
  echo "package-plugin: no $jar: run without --no-maven" >&2
  exit 2
fi
rm -rf "$out"
mkdir -p "$out/staging"
cp "$here/bin/kubectl-ocelot" "$jar" "$out/staging/"
chmod 0755 "$out/staging/kubectl-ocelot"
archive="kubectl-ocelot-v$version.tar.gz"
# Fixed owners, modes and times: the same inputs give the same archive, and the same sha256.
tar -C "$out/staging" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 \
  -cf - kubectl-ocelot ocelot.jar | gzip -n >"$out/$archive"
rm -rf "$out/staging"
sha="$(sha256sum "$out/$archive" | cut -d' ' -f1)"
uri="${uri_base:-file://$out}/$archive"
sed -e "s|{{VERSION}}|$version|g" -e "s|{{URI}}|$uri|g" -e "s|{{SHA256}}|$sha|g" \
  "$here/krew/ocelot.yaml" >"$out/ocelot.yaml"
echo "package-plugin: $out/$archive (sha256 $sha) and $out/ocelot.yaml" >&2
