//! Step 3, lane: `fast` (one shot, no probe, no clarification) or `deep` (probe and gate).
//!
//! `auto` decides by explicit rules, first match wins, and the rule is traced:
//! 1. no pinned tools → deep (the marketplace must be searched, several tools compete);
//! 2. the query asks for completeness or comparison ("all", "every", "compare", ...) → deep;
//! 3. the pinned tools expose more than one query-safe method → deep (there is a choice to make);
//! 4. otherwise → fast (a single query-safe method: nothing to disambiguate between methods).

use std::sync::Arc;

use contract::{QueryDepth, ToolDescriptor};
use serde_json::json;
use traces::{EventName, TraceLog};

pub use contract::Lane;

use super::Traced;

/// The rule that chose a lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaneRule {
    /// The caller asked for `fast`.
    RequestedFast,
    /// The caller asked for `deep`.
    RequestedDeep,
    /// The caller used `deep-light` or `deep-heavy`.
    LegacyAliasOfDeep,
    /// `auto`, no pinned tools.
    AutoNoPinnedTools,
    /// `auto`, the query asks for every item or a comparison.
    AutoCompletenessWords,
    /// `auto`, the pinned tools offer several query-safe methods.
    AutoSeveralCandidateMethods,
    /// `auto`, one query-safe method.
    AutoSingleCandidateMethod,
    /// The caller resumes a clarification (`selectedOptionId`): the options are the probe's, so
    /// the deep lane runs whatever depth was asked.
    ResumingClarification,
}

impl LaneRule {
    /// The name the trace gives it.
    pub fn as_str(self) -> &'static str {
        match self {
            LaneRule::RequestedFast => "requested_fast",
            LaneRule::RequestedDeep => "requested_deep",
            LaneRule::LegacyAliasOfDeep => "legacy_alias_of_deep",
            LaneRule::AutoNoPinnedTools => "auto_no_pinned_tools",
            LaneRule::AutoCompletenessWords => "auto_completeness_words",
            LaneRule::AutoSeveralCandidateMethods => "auto_several_candidate_methods",
            LaneRule::AutoSingleCandidateMethod => "auto_single_candidate_method",
            LaneRule::ResumingClarification => "resuming_clarification",
        }
    }
}

/// The lane of a request, with the rule that chose it and what the caller asked for.
pub(crate) struct LaneChoice {
    pub(crate) lane: Lane,
    rule: LaneRule,
    requested: Option<QueryDepth>,
}

impl Traced for LaneChoice {
    fn record(&self, trace: &mut TraceLog) {
        let deep = self.lane == Lane::Deep;
        trace.record(EventName::QueryDepthDecision, || {
            json!({"requested": self.requested.map(QueryDepth::as_str), "lane": self.lane.as_str(), "rule": self.rule.as_str()})
        });
        trace.record(EventName::QueryDepthRouterContract, || {
            json!({
                "lane": self.lane.as_str(),
                "methodReasoningEnabled": deep,
                "ambiguityJudgeEnabled": deep,
                "externalProbeEnabled": false,
                "preserveFastOneShot": !deep,
            })
        });
        trace.record(
            EventName::QueryScoutRolloutContract,
            || json!({"metadataProbe": deep, "externalProbe": false, "clarificationGate": deep}),
        );
    }
}

/// The lane for a request that asked for `requested` (aliases included, so the trace says why).
pub(crate) fn lane(
    requested: Option<QueryDepth>,
    resuming: bool,
    pinned: bool,
    tools: &[Arc<ToolDescriptor>],
    query: &str,
) -> LaneChoice {
    let (lane, rule) = if resuming {
        (Lane::Deep, LaneRule::ResumingClarification)
    } else {
        choose(requested.unwrap_or(QueryDepth::Auto), pinned, tools, query)
    };
    LaneChoice {
        lane,
        rule,
        requested,
    }
}

/// Chooses the lane; returns it with the rule that decided.
pub fn choose(
    requested: QueryDepth,
    pinned: bool,
    tools: &[Arc<ToolDescriptor>],
    query: &str,
) -> (Lane, LaneRule) {
    match requested {
        QueryDepth::Fast => return (Lane::Fast, LaneRule::RequestedFast),
        QueryDepth::Deep => return (Lane::Deep, LaneRule::RequestedDeep),
        QueryDepth::DeepLight | QueryDepth::DeepHeavy => {
            return (Lane::Deep, LaneRule::LegacyAliasOfDeep);
        }
        QueryDepth::Auto => {}
    }
    if !pinned {
        return (Lane::Deep, LaneRule::AutoNoPinnedTools);
    }
    if text::words(query)
        .iter()
        .any(|w| text::lexicon::asks_for_every_item(&text::stem(w)))
    {
        return (Lane::Deep, LaneRule::AutoCompletenessWords);
    }
    let safe_methods = tools
        .iter()
        .flat_map(|t| &t.methods)
        .filter(|m| m.safety.query_safe)
        .count();
    if safe_methods > 1 {
        return (Lane::Deep, LaneRule::AutoSeveralCandidateMethods);
    }
    (Lane::Fast, LaneRule::AutoSingleCandidateMethod)
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
            schema_hash: None,
            schema_changed_at: None,
        })]
    }

    #[test]
    fn explicit_lanes_and_aliases_ignore_the_tools() {
        let two = tool(&[("a", true), ("b", true)]);
        assert_eq!(
            choose(QueryDepth::Fast, true, &two, "compare all"),
            (Lane::Fast, LaneRule::RequestedFast)
        );
        assert_eq!(
            choose(QueryDepth::Deep, true, &tool(&[("a", true)]), "x"),
            (Lane::Deep, LaneRule::RequestedDeep)
        );
        for alias in [QueryDepth::DeepLight, QueryDepth::DeepHeavy] {
            assert_eq!(
                choose(alias, true, &[], "x"),
                (Lane::Deep, LaneRule::LegacyAliasOfDeep)
            );
        }
    }

    #[test]
    fn auto_goes_fast_only_for_one_pinned_query_safe_method() {
        let one = tool(&[("get_price", true)]);
        assert_eq!(
            choose(QueryDepth::Auto, true, &one, "price of gold"),
            (Lane::Fast, LaneRule::AutoSingleCandidateMethod)
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
            (Lane::Deep, LaneRule::AutoSeveralCandidateMethods)
        );
        // The same single method, unpinned: the marketplace must be searched.
        assert_eq!(
            choose(QueryDepth::Auto, false, &one, "price of gold"),
            (Lane::Deep, LaneRule::AutoNoPinnedTools)
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
                (Lane::Deep, LaneRule::AutoCompletenessWords),
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
