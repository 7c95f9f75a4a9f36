//! Lane choice: `fast` (one shot, no probe, no clarification) or `deep` (probe and gate).
//!
//! `auto` decides by explicit rules, first match wins, and the rule is traced:
//! 1. no pinned tools → deep (the marketplace must be searched, several tools compete);
//! 2. the query asks for completeness or comparison ("all", "every", "compare", ...) → deep;
//! 3. the pinned tools expose more than one query-safe method → deep (there is a choice to make);
//! 4. otherwise → fast (a single query-safe method: nothing to disambiguate between methods).

use std::sync::Arc;

use contract::{QueryDepth, ToolDescriptor};
use serde_json::{Value, json};

/// The lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// One shot.
    Fast,
    /// Probe and gate before planning.
    Deep,
}

impl Lane {
    /// The wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Lane::Fast => "fast",
            Lane::Deep => "deep",
        }
    }

    /// The four capability flags of the lane contract.
    pub fn contract(self) -> Value {
        let deep = self == Lane::Deep;
        json!({
            "lane": self.as_str(),
            "methodReasoningEnabled": deep,
            "ambiguityJudgeEnabled": deep,
            "externalProbeEnabled": false,
            "preserveFastOneShot": !deep,
        })
    }
}

/// Words that ask for every item or a comparison. Stems.
const COMPLETENESS: &[&str] = &[
    "across", "all", "both", "compar", "each", "everi", "list", "versus", "vs",
];

/// Chooses the lane; returns it with the rule that decided.
pub fn choose(
    requested: QueryDepth,
    pinned: bool,
    tools: &[Arc<ToolDescriptor>],
    query: &str,
) -> (Lane, &'static str) {
    match requested {
        QueryDepth::Fast => return (Lane::Fast, "requested_fast"),
        QueryDepth::Deep => return (Lane::Deep, "requested_deep"),
        QueryDepth::DeepLight | QueryDepth::DeepHeavy => {
            return (Lane::Deep, "legacy_alias_of_deep");
        }
        QueryDepth::Auto => {}
    }
    if !pinned {
        return (Lane::Deep, "auto_no_pinned_tools");
    }
    if text::words(query)
        .iter()
        .any(|w| COMPLETENESS.contains(&text::stem(w).as_str()))
    {
        return (Lane::Deep, "auto_completeness_words");
    }
    let safe_methods = tools
        .iter()
        .flat_map(|t| &t.methods)
        .filter(|m| m.safety.query_safe)
        .count();
    if safe_methods > 1 {
        return (Lane::Deep, "auto_several_candidate_methods");
    }
    (Lane::Fast, "auto_single_candidate_method")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explicit_lanes_and_aliases() {
        assert_eq!(choose(QueryDepth::Fast, true, &[], "x").0, Lane::Fast);
        assert_eq!(
            choose(QueryDepth::DeepHeavy, true, &[], "x"),
            (Lane::Deep, "legacy_alias_of_deep")
        );
        assert_eq!(
            choose(QueryDepth::Auto, false, &[], "x").1,
            "auto_no_pinned_tools"
        );
        assert_eq!(
            choose(QueryDepth::Auto, true, &[], "compare them").1,
            "auto_completeness_words"
        );
        assert_eq!(
            choose(QueryDepth::Auto, true, &[], "price").1,
            "auto_single_candidate_method"
        );
        assert!(COMPLETENESS.windows(2).all(|w| w[0] < w[1]));
        assert!(COMPLETENESS.iter().all(|c| {
            [
                "across", "all", "both", "compare", "each", "every", "list", "versus", "vs",
            ]
            .iter()
            .any(|w| text::stem(w) == *c)
        }));
    }
}
