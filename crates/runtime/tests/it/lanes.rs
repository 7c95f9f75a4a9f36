//! Lane contracts: deep always probes, fast skips probe and gate, legacy aliases map to deep.

use serde_json::json;

use crate::support::{event, query};

#[tokio::test]
async fn deep_never_reports_a_skipped_probe() {
    for q in [
        "Who will win the World Cup?",
        "Show me the Bybit liquidation heatmap for BTC",
        "What is the price of Bitcoin?",
        "Transfer 1 ETH to 0xabc",
        "hello",
        "What are the standings in La Liga?",
    ] {
        for tools in [None, Some(json!(["markets", "crypto-prices"]))] {
            let mut body = json!({"query": q, "queryDepth": "deep", "includeDeveloperTrace": true});
            if let Some(t) = tools {
                body["tools"] = t;
            }
            let r = query(body).await;
            assert_eq!(r["meta"]["lane"], "deep", "{q}");
            assert_eq!(
                r["developerTrace"]["diagnostics"]["prePlanProbeStatus"], "completed",
                "{q}: {r}"
            );
            assert_ne!(
                event(&r, "scout-pre-plan-probe")["status"],
                "skipped",
                "{q}"
            );
        }
    }
}

#[tokio::test]
async fn fast_skips_the_probe_and_the_clarification_gate() {
    let r = query(json!({"query": "Who will win the World Cup?", "tools": ["markets"], "queryDepth": "fast", "includeDeveloperTrace": true})).await;
    assert_eq!(r["meta"]["lane"], "fast");
    assert_eq!(r["outcome"], "answer", "fast is one-shot: no clarification");
    let d = &r["developerTrace"]["diagnostics"];
    assert_eq!(d["prePlanProbeStatus"], "skipped");
    assert_eq!(d["decisionStrategy"], "skipped");
    assert_eq!(event(&r, "scout-pre-plan-probe")["status"], "skipped");
    let names = crate::support::event_names(&r);
    assert!(
        !names.contains(&"query-clarification-input".to_owned()),
        "{names:?}"
    );
    let contract = event(&r, "query-depth-router-contract");
    assert_eq!(
        contract,
        &json!({"lane": "fast", "methodReasoningEnabled": false, "ambiguityJudgeEnabled": false, "externalProbeEnabled": false, "preserveFastOneShot": true})
    );
}

#[tokio::test]
async fn legacy_aliases_normalize_to_deep_and_keep_the_original_in_the_trace() {
    for alias in ["deep-light", "deep-heavy"] {
        let r = query(json!({"query": "Who will win the World Cup?", "tools": ["markets"], "queryDepth": alias, "includeDeveloperTrace": true})).await;
        assert_eq!(r["meta"]["lane"], "deep");
        assert_eq!(r["outcome"], "clarification_required");
        assert_eq!(
            r["developerTrace"]["diagnostics"]["requestedQueryDepth"],
            alias
        );
        assert_eq!(event(&r, "query-normalized")["requestedQueryDepth"], alias);
        assert_eq!(event(&r, "query-normalized")["queryDepth"], "deep");
        assert_eq!(
            event(&r, "query-depth-decision")["rule"],
            "legacy_alias_of_deep"
        );
        assert_eq!(
            event(&r, "query-depth-router-contract")["methodReasoningEnabled"],
            true
        );
    }
}

#[tokio::test]
async fn auto_routes_by_traced_rules() {
    let cases = [
        (
            json!({"query": "Who will win the World Cup?"}),
            "deep",
            "auto_no_pinned_tools",
        ),
        (
            json!({"query": "Who will win the World Cup?", "tools": ["markets"]}),
            "deep",
            "auto_several_candidate_methods",
        ),
        (
            json!({"query": "compare all markets", "tools": ["markets"]}),
            "deep",
            "auto_completeness_words",
        ),
    ];
    for (mut body, lane, rule) in cases {
        body["includeDeveloperTrace"] = json!(true);
        let r = query(body.clone()).await;
        assert_eq!(r["meta"]["lane"], lane, "{body}");
        assert_eq!(event(&r, "query-depth-decision")["rule"], rule, "{body}");
    }
}
