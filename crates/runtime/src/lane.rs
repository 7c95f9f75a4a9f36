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

pub use contract::Lane;

/// The four capability flags of the lane contract.
pub fn flags(lane: Lane) -> Value {
    let deep = lane == Lane::Deep;
    json!({
        "lane": lane.as_str(),
        "methodReasoningEnabled": deep,
        "ambiguityJudgeEnabled": deep,
        "externalProbeEnabled": false,
        "preserveFastOneShot": !deep,
    })
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
    use contract::{MethodDescriptor, MethodMeta, QuerySafety, SafetyBasis};

    use super::*;

    /// A pinned tool whose methods are query-safe or not, as given.
    fn tool(methods: &[(&str, bool)]) -> Vec<Arc<ToolDescriptor>> {
        let methods = methods
            .iter()
            .map(|(name, safe)| MethodDescriptor {
                name: (*name).into(),
                description: String::new(),
                input_schema: json!({"type": "object"}),
                output_schema: None,
                meta: MethodMeta::default(),
                safety: QuerySafety {
                    query_safe: *safe,
                    basis: SafetyBasis::Declared,
                    reason: String::new(),
                },
            })
            .collect();
        vec![Arc::new(ToolDescriptor {
            id: "t".into(),
            title: "T".into(),
            description: String::new(),
            source: "test".into(),
            methods,
        })]
    }

    #[test]
    fn explicit_lanes_and_aliases_ignore_the_tools() {
        let two = tool(&[("a", true), ("b", true)]);
        assert_eq!(
            choose(QueryDepth::Fast, true, &two, "compare all"),
            (Lane::Fast, "requested_fast")
        );
        assert_eq!(
            choose(QueryDepth::Deep, true, &tool(&[("a", true)]), "x"),
            (Lane::Deep, "requested_deep")
        );
        for alias in [QueryDepth::DeepLight, QueryDepth::DeepHeavy] {
            assert_eq!(
                choose(alias, true, &[], "x"),
                (Lane::Deep, "legacy_alias_of_deep")
            );
        }
    }

    #[test]
    fn auto_goes_fast_only_for_one_pinned_query_safe_method() {
        let one = tool(&[("get_price", true)]);
        assert_eq!(
            choose(QueryDepth::Auto, true, &one, "price of gold"),
            (Lane::Fast, "auto_single_candidate_method")
        );
        // Methods that may not run in query mode are no choice to make.
        let one_safe = tool(&[("get_price", true), ("transfer", false), ("delete", false)]);
        assert_eq!(
            choose(QueryDepth::Auto, true, &one_safe, "price of gold").0,
            Lane::Fast
        );
        let two = tool(&[("get_price", true), ("get_history", true)]);
        assert_eq!(
            choose(QueryDepth::Auto, true, &two, "price of gold"),
            (Lane::Deep, "auto_several_candidate_methods")
        );
        // The same single method, unpinned: the marketplace must be searched.
        assert_eq!(
            choose(QueryDepth::Auto, false, &one, "price of gold"),
            (Lane::Deep, "auto_no_pinned_tools")
        );
    }

    #[test]
    fn auto_goes_deep_when_the_query_asks_for_every_item_or_a_comparison() {
        let one = tool(&[("get_price", true)]);
        for query in [
            "Compare gold and silver",
            "Show every price",
            "All prices please",
            "prices of each metal",
            "gold versus silver",
            "gold vs silver",
            "both metals",
            "across the markets",
            "List the prices",
            "comparing prices",
        ] {
            assert_eq!(
                choose(QueryDepth::Auto, true, &one, query),
                (Lane::Deep, "auto_completeness_words"),
                "{query}"
            );
        }
        for query in ["price of gold", "the tallest building", "ball games"] {
            assert_eq!(
                choose(QueryDepth::Auto, true, &one, query).0,
                Lane::Fast,
                "{query}"
            );
        }
    }
}
