//! Compound requests settle part by part: every ask served → one answer with all the calls; an
//! ask nothing serves → a miss that names it and offers the rest, in every lane.

use serde_json::json;

use crate::support::{event, executed_calls, query};

#[tokio::test]
async fn two_asks_served_by_two_methods_run_both_calls() {
    let r = query(json!({
        "query": "What is the price of Solana in euros, and also the league table of the Premier League?",
        "includeDeveloperTrace": true
    }))
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let mut methods: Vec<String> = executed_calls(&r)
        .iter()
        .filter(|c| c["dispatched"] == true)
        .map(|c| c["method"].as_str().unwrap().to_owned())
        .collect();
    methods.sort();
    assert_eq!(methods, ["get_spot_price", "get_standings"], "{r}");
    // The probe's trace shows the asks and what serves each.
    let probe = event(&r, "scout-pre-plan-probe");
    let asks = probe["asks"].as_array().expect("asks in the trace");
    assert_eq!(asks.len(), 2, "{probe}");
    assert!(asks.iter().all(|a| a["servedBy"].is_string()), "{probe}");
}

#[tokio::test]
async fn the_ask_nothing_serves_is_named_and_the_rest_offered_in_every_lane() {
    for depth in ["fast", "deep", "auto"] {
        let r = query(json!({
            "query": "Price of Solana in euros, and also the opening hours of the city museum",
            "tools": ["crypto-prices"], "queryDepth": depth
        }))
        .await;
        assert_eq!(r["outcome"], "capability_miss", "{depth}: {r}");
        let miss = &r["capabilityMiss"];
        assert_eq!(miss["reason"], "partially_served", "{depth}: {r}");
        assert_eq!(
            miss["unservedParts"],
            json!(["the opening hours of the city museum"])
        );
        let servable = &miss["servableParts"][0];
        assert_eq!(servable["method"], "get_spot_price", "{depth}: {r}");
        assert_eq!(servable["arguments"]["symbol"], "SOL");
        assert_eq!(servable["text"], "Price of Solana in euros");
    }
}

#[tokio::test]
async fn several_values_of_one_parameter_stay_one_ask() {
    let r = query(json!({
        "query": "Price of BTC and ETH in euros", "tools": ["crypto-prices"], "planOnly": true
    }))
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let calls = r["plan"]["calls"].as_array().unwrap();
    assert_eq!(calls.len(), 2, "a fan-out over one method: {r}");
    assert!(calls.iter().all(|c| c["method"] == "get_spot_price"), "{r}");
}

#[tokio::test]
async fn names_coordinated_for_a_free_text_parameter_are_one_call_each() {
    let r = query(json!({
        "query": "Fixtures for Arsenal and Chelsea", "tools": ["sports-data"], "planOnly": true
    }))
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let calls = r["plan"]["calls"].as_array().unwrap();
    let teams: Vec<&str> = calls
        .iter()
        .map(|c| c["arguments"]["team"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(teams, ["Arsenal", "Chelsea"], "{r}");
    assert!(calls.iter().all(|c| c["method"] == "fixtures"), "{r}");
}
