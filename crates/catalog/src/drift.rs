//! Noticing when a server's tools change under Sluice: each `tools/list` is hashed as canonical
//! JSON, and a hash that differs from the one before is a change.
//!
//! Invariants: the hash does not depend on the order of the tools or of object keys (a server
//! that lists the same tools differently has not changed); a change is counted and logged once,
//! by the listing that saw it; the first listing of a server Sluice has never seen is not a
//! change; a record that cannot be read or written is logged, never fatal.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use contract::time::{now_ms, timestamp};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The hash of a listing: `sha256:` and the hex digest of its tools' canonical JSON, sorted.
pub(crate) fn listing_hash(tools: &[Value]) -> String {
    let mut each: Vec<String> = tools.iter().map(canonical).collect();
    each.sort_unstable();
    let mut h = Sha256::new();
    for tool in &each {
        h.update(tool.as_bytes());
        h.update(b"\n");
    }
    let mut hex = String::with_capacity(71);
    hex.push_str("sha256:");
    for b in h.finalize() {
        let _ = write!(hex, "{b:02x}");
    }
    hex
}

/// The hex SHA-256 of `v`'s canonical JSON: the same for the same value whatever its keys' order.
pub fn canonical_hash(v: &Value) -> String {
    let mut hex = String::with_capacity(64);
    for b in Sha256::digest(canonical(v).as_bytes()) {
        let _ = write!(hex, "{b:02x}");
    }
    hex
}

/// JSON with every object's keys in sorted order and no spaces.
fn canonical(v: &Value) -> String {
    let mut out = String::new();
    write_canonical(v, &mut out);
    out
}

fn write_canonical(v: &Value, out: &mut String) {
    match v {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_unstable();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                write_canonical(&map[k], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

/// A change one listing saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaChange {
    /// The tool.
    pub tool_id: String,
    /// The listing's hash before.
    pub previous: String,
    /// Its hash now.
    pub current: String,
}

/// What the marketplace remembers of every tool's listings: in memory, and in a small JSON file
/// when one is given, so that a change made while Sluice was stopped is noticed at its first
/// listing after the restart.
#[derive(Debug, Default)]
pub(crate) struct Record {
    path: Option<PathBuf>,
    tools: Mutex<BTreeMap<String, Entry>>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Entry {
    hash: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    changed_at: Option<String>,
    #[serde(skip)]
    changes: u64,
}

impl Record {
    /// The record kept in `path` (read now when it exists; an unreadable file is logged and
    /// started afresh), or only in memory.
    pub(crate) fn open(path: Option<PathBuf>) -> Self {
        let tools = path
            .as_deref()
            .and_then(|p| match std::fs::read(p) {
                Ok(bytes) => serde_json::from_slice(&bytes)
                    .inspect_err(|e| {
                        tracing::warn!(file = %p.display(), error = %e, "the record of tool listings cannot be read; starting afresh");
                    })
                    .ok(),
                Err(_) => None,
            })
            .unwrap_or_default();
        Self {
            path,
            tools: Mutex::new(tools),
        }
    }

    /// Records a listing of `tool_id` with `hash`; returns when the listing last changed (now,
    /// if this one changed it) and the change, if this listing is one.
    pub(crate) fn observe(
        &self,
        tool_id: &str,
        hash: &str,
    ) -> (Option<String>, Option<SchemaChange>) {
        let mut tools = self.tools.lock().unwrap_or_else(|e| e.into_inner());
        let entry = tools.entry(tool_id.to_owned()).or_default();
        if entry.hash == hash {
            return (entry.changed_at.clone(), None);
        }
        let change = (!entry.hash.is_empty()).then(|| SchemaChange {
            tool_id: tool_id.to_owned(),
            previous: std::mem::take(&mut entry.hash),
            current: hash.to_owned(),
        });
        if change.is_some() {
            entry.changed_at = Some(timestamp(now_ms()));
            entry.changes += 1;
        }
        entry.hash = hash.to_owned();
        let changed_at = entry.changed_at.clone();
        self.save(&tools);
        (changed_at, change)
    }

    /// Changes seen since start.
    pub(crate) fn changes(&self) -> u64 {
        let tools = self.tools.lock().unwrap_or_else(|e| e.into_inner());
        tools.values().map(|e| e.changes).sum()
    }

    /// Writes the record; a failure is logged, never fatal.
    fn save(&self, tools: &BTreeMap<String, Entry>) {
        if let (Some(path), Ok(value)) = (&self.path, serde_json::to_value(tools)) {
            crate::cassette::write_json(path, &value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_hash_ignores_order_but_not_content() {
        let a =
            json!({"name": "get_price", "inputSchema": {"type": "object", "required": ["symbol"]}});
        let b = json!({"name": "list_coins", "description": "Every coin"});
        let a_reordered =
            json!({"inputSchema": {"required": ["symbol"], "type": "object"}, "name": "get_price"});
        assert_eq!(
            listing_hash(&[a.clone(), b.clone()]),
            listing_hash(&[b.clone(), a_reordered])
        );
        let widened = json!({"name": "get_price", "inputSchema": {"type": "object", "required": ["symbol", "currency"]}});
        assert_ne!(listing_hash(&[a, b.clone()]), listing_hash(&[widened, b]));
        assert!(listing_hash(&[]).starts_with("sha256:"));
    }

    #[test]
    fn only_a_different_hash_after_the_first_is_a_change() {
        let drift = Record::default();
        assert_eq!(drift.observe("t", "sha256:a"), (None, None));
        assert_eq!(drift.observe("t", "sha256:a"), (None, None));
        assert_eq!(drift.observe("u", "sha256:c"), (None, None));
        let (at, change) = drift.observe("t", "sha256:b");
        assert!(at.is_some());
        assert_eq!(
            change,
            Some(SchemaChange {
                tool_id: "t".into(),
                previous: "sha256:a".into(),
                current: "sha256:b".into()
            })
        );
        // The same listing again is no new change, and keeps the time of the last one.
        assert_eq!(drift.observe("t", "sha256:b"), (at, None));
        assert_eq!(drift.changes(), 1);
    }

    #[test]
    fn a_change_made_while_stopped_is_noticed_after_a_restart() {
        let path =
            std::env::temp_dir().join(format!("sluice-listings-{}.json", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let before = Record::open(Some(path.clone()));
        assert_eq!(before.observe("t", "sha256:a"), (None, None));
        drop(before);
        let after = Record::open(Some(path.clone()));
        assert_eq!(after.observe("t", "sha256:a"), (None, None));
        let (at, change) = after.observe("t", "sha256:b");
        assert!(at.is_some() && change.is_some());
        // The time of the change is kept too.
        let again = Record::open(Some(path.clone()));
        assert_eq!(again.observe("t", "sha256:b"), (at, None));
        std::fs::write(&path, "not json").unwrap();
        assert_eq!(
            Record::open(Some(path.clone())).observe("t", "sha256:b"),
            (None, None)
        );
        let _ = std::fs::remove_file(&path);
    }
}
