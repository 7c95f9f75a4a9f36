//! The OpenAPI document describes what the server really sends: real responses — every outcome,
//! lane, shape and decision strategy, with the developer trace — validate against the schemas
//! the server publishes at `/openapi.json`. An enum value the server emits but the document does
//! not list fails here.

use serde_json::{Value, json};

use crate::follower;
use crate::support::{get, post_raw, query, server};

/// A validator for `#/components/schemas/{name}` of the served document.
fn validator(doc: &Value, name: &str) -> jsonschema::Validator {
    let mut root = doc.clone();
    root["$ref"] = json!(format!("#/components/schemas/{name}"));
    jsonschema::draft202012::new(&root).expect("the document's schemas compile")
}

fn assert_valid(v: &jsonschema::Validator, instance: &Value, what: &str) {
    let errors: Vec<String> = v
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}\n{instance}");
}

/// outcome/lane/decision strategy of a response.
fn combination(r: &Value) -> String {
    let text = |v: &Value| v.as_str().unwrap_or("-").to_owned();
    format!(
        "{}/{}/{}",
        text(&r["outcome"]),
        text(&r["meta"]["lane"]),
        text(&r["developerTrace"]["diagnostics"]["decisionStrategy"])
    )
}

#[tokio::test]
async fn real_responses_validate_against_the_served_document() {
    let doc: Value = get("/openapi.json").await.json().await.unwrap();
    let response = validator(&doc, "QueryResponse");
    let trace = |q: &str, extra: Value| {
        let mut body = json!({"query": q, "includeDeveloperTrace": true});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        body
    };
    let bodies = [
        trace("Who will win the World Cup?", json!({"tools": ["markets"]})),
        trace(
            "Who will win the World Cup?",
            json!({"tools": ["markets"], "clarificationPolicy": "auto", "responseShape": "answer_with_evidence"}),
        ),
        trace(
            "Who will win the World Cup?",
            json!({"tools": ["markets"], "queryDepth": "fast"}),
        ),
        trace("Show me the Bybit liquidation heatmap for BTC", json!({})),
        trace(
            "Transfer 0.5 ETH from acct-0001 to 0x9f2c",
            json!({"queryDepth": "fast", "tools": ["wallet"]}),
        ),
        trace(
            "What is the current spot price?",
            json!({"tools": ["crypto-prices"]}),
        ),
        trace(
            "Price of Solana in euros",
            json!({"responseShape": "evidence_only"}),
        ),
        trace(
            "Compare the prices of Bitcoin and Solana",
            json!({"planOnly": true}),
        ),
        trace(
            "Are there any prediction markets about a referendum?",
            json!({"tools": ["markets"], "queryDepth": "deep-heavy"}),
        ),
        json!({"query": "Premier League standings", "tools": ["sports-data"]}),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for body in &bodies {
        let r = query(body.clone()).await;
        assert_valid(&response, &r, &body.to_string());
        seen.insert(combination(&r));
    }
    // On a model judge, the strategies the embedded pipeline never emits.
    for body in [
        json!({"query": "Who will win the World Cup?", "tools": ["markets"]}),
        json!({"query": "Who will win the FIFA Women's World Cup 2027?", "tools": ["markets"]}),
    ] {
        let r = follower::ask(body.clone()).await;
        assert_valid(&response, &r, &body.to_string());
        seen.insert(combination(&r));
    }
    for must in [
        "answer/fast/skipped",
        "capability_miss/fast/skipped",
        "clarification_required/deep/deterministic",
        "capability_miss/deep/deterministic",
        "answer/deep/deterministic",
        "clarification_required/deep/judge",
    ] {
        assert!(seen.contains(must), "{must} was exercised: {seen:?}");
    }

    let error = validator(&doc, "ErrorBody");
    for body in [
        json!({"query": ""}),
        json!({"query": "x", "queryDepth": "sideways"}),
        json!({"query": "x", "tools": ["nope"]}),
        json!({"query": "Who will win the World Cup?", "tools": ["markets"], "selectedOptionId": "opt-nope"}),
    ] {
        let (status, r) = post_raw(&server().url, body.to_string()).await;
        assert_eq!(status, 400, "{body}");
        assert_valid(&error, &r, &body.to_string());
    }

    let tools: Value = get("/api/v1/tools").await.json().await.unwrap();
    let mut root = doc.clone();
    root["$ref"] =
        json!("#/paths/~1api~1v1~1tools/get/responses/200/content/application~1json/schema");
    let listing = jsonschema::draft202012::new(&root).unwrap();
    assert_valid(&listing, &tools, "/api/v1/tools");
}

#[tokio::test]
async fn every_streamed_event_validates_against_the_schema_its_name_points_to() {
    let doc: Value = get("/openapi.json").await.json().await.unwrap();
    let events = &doc["paths"]["/api/v1/query"]["post"]["responses"]["200"]["content"]["text/event-stream"]
        ["x-sse-events"];
    let schema_of = |kind: &str| {
        let name = events[kind]["$ref"]
            .as_str()
            .unwrap_or_else(|| panic!("no schema for event '{kind}'"))
            .trim_start_matches("#/components/schemas/")
            .to_owned();
        validator(&doc, &name)
    };
    let body = json!({"query": "Who will win the World Cup?", "tools": ["markets"],
        "clarificationPolicy": "auto", "stream": true});
    let text = crate::support::client()
        .post(format!("{}/api/v1/query", server().url))
        .json(&body)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let parsed = crate::stream::parse(&text);
    let kinds: std::collections::BTreeSet<&str> = parsed.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        kinds,
        ["answer_delta", "final", "stage"].into_iter().collect(),
        "{text}"
    );
    for (kind, data) in &parsed {
        assert_valid(&schema_of(kind), data, kind);
    }
}

#[tokio::test]
async fn chat_responses_validate_against_the_served_document() {
    let base = &server().url;
    let doc: Value = get("/openapi.json").await.json().await.unwrap();
    let turn = validator(&doc, "ChatTurn");
    let (status, asked) = crate::chat::chat_at(
        base,
        &json!({"message": "Who will win the World Cup?", "tools": ["markets"]}),
    )
    .await;
    assert_eq!(status, 200);
    assert_valid(&turn, &asked, "a clarification turn");
    let thread = asked["threadId"].as_str().unwrap();
    let (_, answered) = crate::chat::chat_at(
        base,
        &json!({"threadId": thread, "message": "the rugby one"}),
    )
    .await;
    assert_valid(&turn, &answered, "an answer turn");
    let (_, missed) = crate::chat::chat_at(
        base,
        &json!({"message": "Transfer 0.5 ETH from acct-0001 to 0x9f2c"}),
    )
    .await;
    assert_valid(&turn, &missed, "a miss turn");
    for (path, schema) in [
        ("/api/chat/threads".to_owned(), "ThreadList"),
        (format!("/api/chat/threads/{thread}"), "ChatThread"),
        ("/api/chat/models".to_owned(), "ChatModels"),
    ] {
        let body: Value = get(&path).await.json().await.unwrap();
        assert_valid(&validator(&doc, schema), &body, &path);
    }
    let streamed = crate::support::client()
        .post(format!("{base}/api/chat"))
        .json(&json!({"message": "What is the price of Solana?", "stream": true}))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let events = &doc["paths"]["/api/chat"]["post"]["responses"]["200"]["content"]["text/event-stream"]
        ["x-sse-events"];
    for (name, data) in crate::chat::sse(&streamed) {
        let mut root = doc.clone();
        root["$ref"] = events[&name]["$ref"].clone();
        assert!(
            !root["$ref"].is_null(),
            "the document lists the event {name}"
        );
        let v = jsonschema::draft202012::new(&root).unwrap();
        assert_valid(&v, &data, &name);
    }
}
