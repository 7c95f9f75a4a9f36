# Sourced by the scripts that rebuild a committed artifact (the sandbox guest, the semantic word
# table, the place table), so that each records and checks its SHA-256 the same way and those
# that run Python get their venv the same way.
#
#   artifact_venv NAME
#
# Prints the path of a venv under the workspace's target/NAME, creating it the first time.
artifact_venv() {
  local venv
  venv="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/target/$1/venv"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv" >&2
  echo "$venv"
}

#
#   settle_artifact LABEL BUILT COMMITTED MODE
#
# With MODE --check, fails unless BUILT hashes to the SHA-256 recorded in COMMITTED.sha256;
# otherwise records BUILT's (which is COMMITTED, rebuilt in place) there.
settle_artifact() {
  local label=$1 built=$2 committed=$3 mode=$4 sum want
  sum=$(sha256sum "$built" | cut -d' ' -f1)
  if [ "$mode" = "--check" ]; then
    want=$(cut -d' ' -f1 "$committed.sha256")
    if [ "$sum" != "$want" ]; then
      echo "$label differs from the committed one: built $sum, committed $want" >&2
      exit 1
    fi
    echo "$label reproduces byte for byte ($sum)"
  else
    echo "$sum  $(basename "$committed")" > "$committed.sha256"
    echo "built $built ($(stat -c %s "$built") bytes, sha256 $sum)"
  fi
}
