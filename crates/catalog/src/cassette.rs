//! Record and replay of tool exchanges: `--record DIR` writes each listing and each call
//! (tool, method, arguments, result or error, duration) as a JSON cassette; `--replay DIR` serves
//! them instead of the network.
//!
//! Layout: `DIR/listings/<tool>.json` (the raw `tools/list` definitions) and
//! `DIR/calls/<tool>/<method>-<key>.json`, where the key is the start of the SHA-256 of the
//! call's canonical JSON (so the same call finds its cassette whatever the key order).
//!
//! Invariants: under replay no server is contacted; a listing or call with no cassette fails
//! with `not_recorded`, is logged as an error and counted ([`Cassette::misses`]), never served
//! from the network instead; a cassette holds no URL, header or credential — only what the
//! tool was asked and what it answered.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

use crate::drift::canonical_hash;

/// Whether exchanges are written or read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tape {
    /// Make every exchange as usual and write it to this folder.
    Record(PathBuf),
    /// Serve every exchange from this folder; contact nothing.
    Replay(PathBuf),
}

/// What a recorded call answered.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Recorded {
    /// The tool's result.
    Result(Value),
    /// The tool ran and reported an error (its words).
    ToolError(String),
    /// The exchange failed: the failure's wire name.
    Exchange(String),
    /// The call timed out.
    Timeout,
}

/// The cassette folder and what was missing from it.
#[derive(Debug)]
pub struct Cassette {
    tape: Tape,
    misses: AtomicU64,
}

impl Cassette {
    /// A cassette for `tape`.
    pub fn new(tape: Tape) -> Self {
        Self {
            tape,
            misses: AtomicU64::new(0),
        }
    }

    /// Whether exchanges are served from the folder.
    pub fn replays(&self) -> bool {
        matches!(self.tape, Tape::Replay(_))
    }

    /// Exchanges asked for under replay that had no cassette.
    pub fn misses(&self) -> u64 {
        self.misses.load(Ordering::Relaxed)
    }

    fn dir(&self) -> &Path {
        match &self.tape {
            Tape::Record(d) | Tape::Replay(d) => d,
        }
    }

    fn listing_path(&self, tool: &str) -> PathBuf {
        self.dir()
            .join("listings")
            .join(format!("{}.json", file_name(tool)))
    }

    fn call_path(&self, tool: &str, method: &str, arguments: &Value) -> PathBuf {
        let key = canonical_hash(&json!({"tool": tool, "method": method, "arguments": arguments}));
        self.dir().join("calls").join(file_name(tool)).join(format!(
            "{}-{}.json",
            file_name(method),
            &key[..16]
        ))
    }

    /// Writes a listing (record mode only).
    pub(crate) fn keep_listing(&self, tool: &str, definitions: &[Value]) {
        if let Tape::Record(_) = self.tape {
            write_json(
                &self.listing_path(tool),
                &json!({"tool": tool, "tools": definitions}),
            );
        }
    }

    /// The recorded listing of `tool` (replay mode), or `None` after counting the miss.
    pub(crate) fn listing(&self, tool: &str) -> Option<Vec<Value>> {
        let path = self.listing_path(tool);
        let found = read(&path).and_then(|v| v["tools"].as_array().cloned());
        if found.is_none() {
            self.missed(&format!("the listing of '{tool}'"), &path);
        }
        found
    }

    /// Writes a call and what it answered (record mode only).
    pub(crate) fn keep_call(
        &self,
        tool: &str,
        method: &str,
        arguments: &Value,
        answered: &Recorded,
        took: Duration,
    ) {
        if let Tape::Record(_) = self.tape {
            let outcome = match answered {
                Recorded::Result(v) => json!({"result": v}),
                Recorded::ToolError(m) => json!({"error": {"kind": "tool_error", "message": m}}),
                Recorded::Exchange(f) => json!({"error": {"kind": "exchange", "failure": f}}),
                Recorded::Timeout => json!({"error": {"kind": "timeout"}}),
            };
            let mut entry = json!({"tool": tool, "method": method, "arguments": arguments,
                "durationMs": took.as_secs_f64() * 1e3});
            if let (Value::Object(e), Value::Object(o)) = (&mut entry, outcome) {
                e.extend(o);
            }
            write_json(&self.call_path(tool, method, arguments), &entry);
        }
    }

    /// What the recorded call answered (replay mode), or `None` after counting the miss.
    pub(crate) fn call(&self, tool: &str, method: &str, arguments: &Value) -> Option<Recorded> {
        let path = self.call_path(tool, method, arguments);
        let found = read(&path).and_then(|v| {
            if let Some(result) = v.get("result") {
                return Some(Recorded::Result(result.clone()));
            }
            let error = v.get("error")?;
            Some(match error["kind"].as_str()? {
                "tool_error" => Recorded::ToolError(error["message"].as_str()?.to_owned()),
                "exchange" => Recorded::Exchange(error["failure"].as_str()?.to_owned()),
                "timeout" => Recorded::Timeout,
                _ => return None,
            })
        });
        if found.is_none() {
            self.missed(&format!("the call {tool}.{method}({arguments})"), &path);
        }
        found
    }

    fn missed(&self, what: &str, path: &Path) {
        self.misses.fetch_add(1, Ordering::Relaxed);
        tracing::error!(cassette = %path.display(), "replay: {what} was not recorded");
    }
}

/// A tool, method or model name as a file name: anything but letters, digits, `-`, `_` and `.`
/// becomes `_`.
pub fn file_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn read(path: &Path) -> Option<Value> {
    serde_json::from_slice(&std::fs::read(path).ok()?).ok()
}

/// Writes `value` as pretty JSON to `path`, creating its folder (a temporary file, then a
/// rename, so a reader never sees half a file); a failure is logged, never fatal.
pub fn write_json(path: &Path, value: &Value) {
    let written = serde_json::to_vec_pretty(value)
        .map_err(std::io::Error::other)
        .and_then(|bytes| {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let tmp = path.with_extension(format!("tmp{}", std::process::id()));
            std::fs::write(&tmp, bytes)?;
            std::fs::rename(&tmp, path)
        });
    if let Err(e) = written {
        tracing::warn!(file = %path.display(), error = %e, "cannot write the file");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("sluice-cassette-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn what_is_recorded_is_replayed_and_what_is_not_is_a_counted_miss() {
        let d = dir("roundtrip");
        let record = Cassette::new(Tape::Record(d.clone()));
        let args = json!({"symbol": "SOL", "currency": "EUR"});
        record.keep_listing("crypto", &[json!({"name": "get_price"})]);
        record.keep_call(
            "crypto",
            "get_price",
            &args,
            &Recorded::Result(json!({"price": 195.4})),
            Duration::from_millis(3),
        );
        record.keep_call(
            "crypto",
            "get_price",
            &json!({"symbol": "XYZ"}),
            &Recorded::ToolError("unknown symbol".into()),
            Duration::ZERO,
        );
        let replay = Cassette::new(Tape::Replay(d.clone()));
        assert_eq!(
            replay.listing("crypto"),
            Some(vec![json!({"name": "get_price"})])
        );
        // The key does not depend on the arguments' order.
        let reordered = json!({"currency": "EUR", "symbol": "SOL"});
        assert_eq!(
            replay.call("crypto", "get_price", &reordered),
            Some(Recorded::Result(json!({"price": 195.4})))
        );
        assert_eq!(
            replay.call("crypto", "get_price", &json!({"symbol": "XYZ"})),
            Some(Recorded::ToolError("unknown symbol".into()))
        );
        assert_eq!(replay.misses(), 0);
        assert_eq!(
            replay.call("crypto", "get_price", &json!({"symbol": "BTC"})),
            None
        );
        assert_eq!(replay.listing("weather"), None);
        assert_eq!(replay.misses(), 2);
        // Record mode never reads, replay mode never writes.
        replay.keep_listing("weather", &[]);
        assert!(!d.join("listings/weather.json").exists());
        let _ = std::fs::remove_dir_all(&d);
    }
}
