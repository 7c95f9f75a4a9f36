#!/usr/bin/env bash
# Rebuilds the sandbox guest (QuickJS-ng + harness.c) as a wasm32-wasi reactor module.
#
#   guest/build.sh           rebuild sluice-quickjs.wasm and its .sha256
#   guest/build.sh --check   rebuild into a temporary file and fail unless it matches the
#                            committed module byte for byte
#
# Needs Debian's clang-19 lld-19 wasi-libc libclang-rt-19-dev-wasm32 (.ci/run installs them).
# The QuickJS-ng sources (0.16.2) come from the crates.io package rquickjs-sys 0.14.0, fetched
# into cargo's registry cache through a throwaway manifest, so nothing is downloaded from
# anywhere but the package registry. `cargo build` itself never needs this script: the built
# module is committed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../../../.ci/settle-artifact.sh
source "$here/../../../.ci/settle-artifact.sh"
mode=${1:-build}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/fetch/src"
cat > "$work/fetch/Cargo.toml" <<'TOML'
[package]
name = "sluice-guest-sources"
version = "0.0.0"
edition = "2021"
[dependencies]
rquickjs-sys = "=0.14.0"
TOML
touch "$work/fetch/src/lib.rs"
(cd "$work/fetch" && cargo fetch --quiet)
qjs=$(cd "$work/fetch" && cargo metadata --format-version 1 \
  | python3 -c 'import json,sys,os; m=json.load(sys.stdin); print(next(os.path.dirname(p["manifest_path"]) for p in m["packages"] if p["name"]=="rquickjs-sys"))')/quickjs

out="$here/sluice-quickjs.wasm"
[ "$mode" = "--check" ] && out="$work/check.wasm"

# -ffile-prefix-map keeps the build directory out of the module, so the bytes are reproducible.
# -DNDEBUG and -funsigned-char are QuickJS-ng's own release settings: without NDEBUG the engine
# also compiles in its debug dumps (ENABLE_DUMPS), checked all through the interpreter.
clang-19 --target=wasm32-wasi -O2 -nostdlibinc -isystem /usr/include/wasm32-wasi \
  -DNDEBUG -funsigned-char -D_GNU_SOURCE -D_WASI_EMULATED_PROCESS_CLOCKS -D_WASI_EMULATED_SIGNAL \
  -ffile-prefix-map="$qjs"=quickjs -ffile-prefix-map="$here"=guest \
  -I "$qjs" -Wno-everything \
  -mexec-model=reactor -fuse-ld=lld -L/usr/lib/wasm32-wasi \
  -lwasi-emulated-process-clocks -lwasi-emulated-signal \
  -Wl,-z,stack-size=1048576 -Wl,--stack-first -Wl,--strip-all \
  -o "$out" \
  "$here/harness.c" "$qjs/libregexp.c" "$qjs/libunicode.c" "$qjs/dtoa.c"

settle_artifact "guest module" "$out" "$here/sluice-quickjs.wasm" "$mode"
[ "$mode" = "--check" ] || cp "$qjs/LICENSE" "$here/QUICKJS-LICENSE"
