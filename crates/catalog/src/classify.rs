//! Query-safety classification of a method from its declared metadata, with an inferred
//! fallback from its name and description.
//!
//! The rules, in order:
//! 1. Declared negatives win: `_meta.surface = "execute"`, `_meta.queryEligible = false`,
//!    `readOnlyHint = false` or `destructiveHint = true` make a method unsafe.
//! 2. A name led by a destructive verb (delete, transfer, send, ...) makes a method unsafe even
//!    when its metadata claims otherwise: metadata is additive, never the correctness boundary.
//! 3. Declared positives (`surface = "query"`, `queryEligible = true`, `readOnlyHint = true`) make
//!    it safe.
//! 4. With nothing declared, a name or description led by a mutating verb makes it unsafe;
//!    anything else is inferred safe, and the record says it was inferred.

use contract::{MethodMeta, QuerySafety, SafetyBasis, Surface};
use serde_json::Value;

/// Reads `_meta` and MCP annotations from a tool definition as it appears on the wire.
pub fn method_meta(tool: &Value) -> MethodMeta {
    let meta = &tool["_meta"];
    let notes = &tool["annotations"];
    MethodMeta {
        surface: match meta["surface"].as_str() {
            Some("execute") => Some(Surface::Execute),
            Some("query") => Some(Surface::Query),
            _ => None,
        },
        query_eligible: meta["queryEligible"].as_bool(),
        latency_class: meta["latencyClass"].as_str().map(str::to_owned),
        read_only_hint: notes["readOnlyHint"].as_bool(),
        destructive_hint: notes["destructiveHint"].as_bool(),
    }
}

/// Classifies one method.
pub fn classify(name: &str, description: &str, meta: &MethodMeta) -> QuerySafety {
    let declared = |safe: bool, reason: &str| QuerySafety {
        query_safe: safe,
        basis: SafetyBasis::Declared,
        reason: reason.into(),
    };
    let inferred = |safe: bool, reason: String| QuerySafety {
        query_safe: safe,
        basis: SafetyBasis::Inferred,
        reason,
    };

    if meta.surface == Some(Surface::Execute) {
        return declared(false, "declared _meta.surface = execute");
    }
    if meta.query_eligible == Some(false) {
        return declared(false, "declared _meta.queryEligible = false");
    }
    if meta.read_only_hint == Some(false) {
        return declared(false, "declared readOnlyHint = false");
    }
    if meta.destructive_hint == Some(true) {
        return declared(false, "declared destructiveHint = true");
    }
    let name_verb = text::words(name).first().map(|w| text::stem(w));
    if let Some(verb) = name_verb.as_deref().filter(|v| text::destructive_verb(v)) {
        let claims = meta.surface.is_some()
            || meta.query_eligible.is_some()
            || meta.read_only_hint.is_some();
        let why = if claims {
            "its name says otherwise than its metadata: "
        } else {
            ""
        };
        return inferred(
            false,
            format!("{why}name leads with the destructive verb '{verb}'"),
        );
    }
    if meta.surface == Some(Surface::Query)
        || meta.query_eligible == Some(true)
        || meta.read_only_hint == Some(true)
    {
        return declared(true, "declared read-only / query surface");
    }
    if let Some(verb) = name_verb.as_deref().filter(|v| text::mutating_verb(v)) {
        return inferred(
            false,
            format!("no metadata; name leads with the mutating verb '{verb}'"),
        );
    }
    if let Some(verb) = text::leading_verb(description).filter(|v| text::mutating_verb(v)) {
        return inferred(
            false,
            format!("no metadata; description leads with the mutating verb '{verb}'"),
        );
    }
    inferred(
        true,
        "no metadata; name and description read as a query".into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(tool: Value, safe: bool, basis: SafetyBasis) {
        let meta = method_meta(&tool);
        let got = classify(
            tool["name"].as_str().unwrap(),
            tool["description"].as_str().unwrap_or(""),
            &meta,
        );
        assert_eq!(
            (got.query_safe, got.basis),
            (safe, basis),
            "{tool}: {got:?}"
        );
    }

    #[test]
    fn declared_metadata_decides_when_present() {
        check(
            json!({"name": "get_balances", "_meta": {"surface": "query"}}),
            true,
            SafetyBasis::Declared,
        );
        check(
            json!({"name": "get_quote", "_meta": {"surface": "execute"}}),
            false,
            SafetyBasis::Declared,
        );
        check(
            json!({"name": "lookup", "_meta": {"queryEligible": false}}),
            false,
            SafetyBasis::Declared,
        );
        check(
            json!({"name": "lookup", "annotations": {"readOnlyHint": false}}),
            false,
            SafetyBasis::Declared,
        );
        check(
            json!({"name": "lookup", "annotations": {"readOnlyHint": true, "destructiveHint": true}}),
            false,
            SafetyBasis::Declared,
        );
        check(
            json!({"name": "add_numbers", "_meta": {"queryEligible": true}}),
            true,
            SafetyBasis::Declared,
        );
    }

    #[test]
    fn a_destructive_name_overrides_a_read_only_claim() {
        check(
            json!({"name": "purge_standings_cache", "annotations": {"readOnlyHint": true}}),
            false,
            SafetyBasis::Inferred,
        );
        check(
            json!({"name": "transferFunds", "_meta": {"surface": "query"}}),
            false,
            SafetyBasis::Inferred,
        );
    }

    #[test]
    fn missing_metadata_is_inferred_from_name_and_description() {
        check(
            json!({"name": "send_score_alert", "description": "Sends a push notification"}),
            false,
            SafetyBasis::Inferred,
        );
        check(
            json!({"name": "alert", "description": "Sends a push notification to subscribers"}),
            false,
            SafetyBasis::Inferred,
        );
        check(json!({"name": "place_order"}), false, SafetyBasis::Inferred);
        check(
            json!({"name": "get_standings", "description": ""}),
            true,
            SafetyBasis::Inferred,
        );
        check(
            json!({"name": "fixtures", "description": "Upcoming matches of a club."}),
            true,
            SafetyBasis::Inferred,
        );
    }
}
