//! Bad input: a 4xx with a JSON body naming the problem; never a 5xx, never a panic.

use serde_json::json;

use crate::support::{get, post_raw, server};

#[tokio::test]
async fn bad_requests_name_the_field() {
    let cases = [
        (json!({"query": "x", "verbose": true}), "verbose"),
        (json!({"query": "x", "queryDepth": "deepest"}), "queryDepth"),
        (
            json!({"query": "x", "clarificationPolicy": "sometimes"}),
            "clarificationPolicy",
        ),
        (
            json!({"query": "x", "responseShape": "haiku"}),
            "responseShape",
        ),
        (json!({"query": ""}), "query"),
        (json!({"query": "a".repeat(4001)}), "query"),
        (json!({"tools": ["markets"]}), "query"),
        (
            json!({"query": "x", "tools": ["markets", "no-such-tool"]}),
            "tools[1]",
        ),
        (
            json!({"query": "x", "answerModelId": "gpt-9"}),
            "answerModelId",
        ),
        (
            json!({"query": "Who will win the World Cup?", "tools": ["markets"], "selectedOptionId": "opt-000000000000"}),
            "selectedOptionId",
        ),
        (
            json!({"query": "x", "includeDeveloperTrace": "yes"}),
            "includeDeveloperTrace",
        ),
    ];
    for (body, field) in cases {
        let (status, v) = post_raw(&server().url, body.to_string()).await;
        assert_eq!(status, 400, "{body}: {v}");
        assert_eq!(v["error"]["field"], field, "{body}: {v}");
        assert!(!v["error"]["message"].as_str().unwrap().is_empty());
    }
}

#[tokio::test]
async fn malformed_and_oversized_bodies() {
    for body in ["", "{", "not json", "[1,2]", "{\"query\": \"x\"} trailing"] {
        let (status, v) = post_raw(&server().url, body.to_owned()).await;
        assert_eq!(status, 400, "{body:?}: {v}");
        assert!(
            v["error"]["code"] == "malformed_json" || v["error"]["code"] == "invalid_field",
            "{body:?}: {v}"
        );
    }
    let huge = format!("{{\"query\": \"{}\"}}", "a".repeat(200_000));
    let (status, v) = post_raw(&server().url, huge).await;
    assert_eq!(status, 413);
    assert_eq!(v["error"]["code"], "payload_too_large");
}

#[tokio::test]
async fn other_endpoints() {
    let health = get("/healthz").await;
    assert_eq!(health.status(), 200);
    let missing = get("/nope").await;
    assert_eq!(missing.status(), 404);
    assert_eq!(
        missing.json::<serde_json::Value>().await.unwrap()["error"]["code"],
        "not_found"
    );
    let openapi: serde_json::Value = get("/openapi.json").await.json().await.unwrap();
    assert_eq!(
        openapi,
        contract::openapi::document_for(&["embedded".into()]),
        "served from the wire types (snapshot-tested in contract), with this server's models"
    );
    let tools: serde_json::Value = get("/api/v1/tools").await.json().await.unwrap();
    assert_eq!(tools["complete"], true, "{tools}");
    let wallet = tools["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == "wallet")
        .unwrap();
    let transfer = wallet["methods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == "transfer")
        .unwrap();
    assert_eq!(transfer["safety"]["querySafe"], false);
    crate::support::query(json!({"query": "price of bitcoin", "tools": ["crypto-prices"]})).await;
    let metrics = get("/metrics").await.text().await.unwrap();
    assert!(
        metrics.contains("sluice_queries_total{outcome=\"answer\"}"),
        "{metrics}"
    );
}
