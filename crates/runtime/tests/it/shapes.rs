//! Response shapes.

use serde_json::json;

use crate::support::{event, query};

#[tokio::test]
async fn evidence_only_returns_evidence_and_runs_no_synthesis() {
    let r = query(json!({"query": "Who will win the Rugby World Cup 2027?", "tools": ["markets"], "responseShape": "evidence_only", "includeDeveloperTrace": true})).await;
    assert_eq!(r["outcome"], "answer");
    assert!(r["answer"].is_null());
    assert!(r["citations"].as_array().unwrap().is_empty());
    let evidence = r["evidence"].as_array().unwrap();
    assert!(!evidence.is_empty());
    assert_eq!(evidence[0]["data"]["tournament"], "Rugby World Cup 2027");
    assert_eq!(event(&r, "synthesis-context-selection")["skipped"], true);
    assert!(r["meta"]["answerModelId"].is_null(), "no answer model ran");
}

#[tokio::test]
async fn answer_omits_evidence_and_answer_with_evidence_includes_it() {
    let q = "What is the price of Ethereum?";
    let plain = query(json!({"query": q, "tools": ["crypto-prices"]})).await;
    assert!(plain.get("evidence").is_none());
    assert_eq!(plain["meta"]["answerModelId"], "embedded");
    let full = query(
        json!({"query": q, "tools": ["crypto-prices"], "responseShape": "answer_with_evidence"}),
    )
    .await;
    assert_eq!(full["evidence"][0]["data"]["symbol"], "ETH");
    assert_eq!(full["answer"], plain["answer"]);
    assert_eq!(full["meta"]["evidenceGathered"], 1);
    assert_eq!(full["meta"]["toolCalls"], 1);
}

#[tokio::test]
async fn a_query_naming_several_values_calls_once_per_value() {
    let r = query(json!({"query": "Compare the prices of Bitcoin and Solana", "tools": ["crypto-prices"], "responseShape": "answer_with_evidence"})).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let symbols: Vec<&str> = r["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["data"]["symbol"].as_str().unwrap())
        .collect();
    assert_eq!(symbols, ["BTC", "SOL"]);
    assert_eq!(r["citations"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn empty_results_are_a_gap_after_bounded_rediscovery() {
    let r = query(json!({"query": "Are there any prediction markets about a referendum?", "tools": ["markets"], "includeDeveloperTrace": true})).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert!(r["citations"].as_array().unwrap().is_empty());
    assert!(!r["gaps"].as_array().unwrap().is_empty(), "{r}");
    let rounds = r["meta"]["rediscoveryRounds"].as_u64().unwrap();
    assert!(
        (1..=2).contains(&rounds),
        "an empty result starts rediscovery, bounded by maxRediscoveryRounds: {rounds}"
    );
    let events = r["developerTrace"]["events"].as_array().unwrap();
    // Each insufficient round names the follow-up query the next round probes.
    let tried: Vec<&str> = events
        .iter()
        .filter(|e| e["name"] == "completeness-evaluation")
        .filter_map(|e| e["data"]["followUpQuery"].as_str())
        .collect();
    let mut unique = tried.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        tried.len(),
        "never the same query twice: {tried:?}"
    );
    assert!(
        !tried.contains(&"Are there any prediction markets about a referendum?"),
        "nor the original query again"
    );
    assert_eq!(
        tried.len() as u64,
        rounds,
        "one follow-up per round: {tried:?}"
    );
    let probes = events
        .iter()
        .filter(|e| e["name"] == "scout-pre-plan-probe")
        .count();
    assert_eq!(probes as u64, rounds + 1, "every round probed again");
}

#[tokio::test]
async fn plan_only_returns_the_program_and_its_calls_and_runs_nothing() {
    let r = query(json!({"query": "Compare the prices of Bitcoin and Solana", "tools": ["crypto-prices"], "planOnly": true, "includeDeveloperTrace": true})).await;
    assert_eq!(r["outcome"], "answer");
    let calls = r["plan"]["calls"].as_array().unwrap();
    assert_eq!(calls.len(), 2);
    assert_eq!(
        calls[0],
        json!({"toolId": "crypto-prices", "method": "get_spot_price", "arguments": {"symbol": "BTC"}})
    );
    // The deterministic program is one fixed text: the calls above are its input.
    assert!(
        r["plan"]["program"]
            .as_str()
            .unwrap()
            .contains("input.calls")
    );
    assert!(r["answer"].is_null());
    assert_eq!(r["meta"]["toolCalls"], 0);
    let names = crate::support::event_names(&r);
    assert!(names.contains(&"planner-generated-code".to_owned()));
    assert!(!names.contains(&"final-execution".to_owned()), "{names:?}");
    let r = query(
        json!({"query": "Who will win the World Cup?", "tools": ["markets"], "planOnly": true}),
    )
    .await;
    assert_eq!(
        r["outcome"], "clarification_required",
        "planOnly still clarifies first"
    );
    assert!(r.get("plan").is_none());
}
