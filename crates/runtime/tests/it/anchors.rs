//! The acceptance scenarios of the pipeline: the World Cup anchors, unsupported and execute-only
//! requests, a precise question with resolvable citations, and a missing parameter.

use serde_json::{Value, json};

use crate::support::{event, event_names, executed_calls, query, server};

const WORLD_CUP: &str = "Who will win the World Cup?";

fn world_cup(extra: Value) -> Value {
    let mut body = json!({"query": WORLD_CUP, "tools": ["markets"], "includeDeveloperTrace": true});
    body.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    body
}

#[tokio::test]
async fn world_cup_under_return_asks_which_tournament_with_a_stable_recommendation() {
    let r = query(world_cup(json!({"clarificationPolicy": "return"}))).await;
    assert_eq!(r["outcome"], "clarification_required");
    let c = &r["clarification"];
    assert_eq!(c["kind"], "ambiguous_interpretation");
    let labels: Vec<&str> = c["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    assert!(labels.len() >= 3, "{labels:?}");
    for t in [
        "FIFA World Cup 2026",
        "FIFA Women's World Cup 2027",
        "Rugby World Cup 2027",
        "ICC Men's T20 World Cup 2026",
    ] {
        assert!(labels.contains(&t), "{t} missing from {labels:?}");
    }
    assert!(r["answer"].is_null() && r["citations"].as_array().unwrap().is_empty());
    for _ in 0..3 {
        let again = query(world_cup(json!({"clarificationPolicy": "return"}))).await;
        assert_eq!(
            again["clarification"]["recommendedOptionId"],
            c["recommendedOptionId"]
        );
        assert_eq!(again["clarification"]["options"], c["options"]);
    }
    let d = &r["developerTrace"]["diagnostics"];
    assert_eq!(d["decisionReasonCode"], "ambiguous_interpretations");
    assert_eq!(d["prePlanProbeStatus"], "completed");
    assert!(d["scoutProbeAmbiguityPoolCount"].as_u64().unwrap() >= 3);
    assert!(
        executed_calls(&r).is_empty(),
        "nothing runs before the caller chooses"
    );
}

#[tokio::test]
async fn world_cup_under_auto_answers_with_the_assumption_it_made() {
    let r = query(world_cup(json!({"clarificationPolicy": "auto"}))).await;
    assert_eq!(r["outcome"], "answer");
    let a = &r["assumption"];
    assert_eq!(a["autoResolved"], true);
    let recommended =
        query(world_cup(json!({}))).await["clarification"]["recommendedOptionId"].clone();
    assert_eq!(a["optionId"], recommended);
    assert!(a["alternatives"].as_array().unwrap().len() >= 2);
    assert!(
        r["answer"]
            .as_str()
            .unwrap()
            .contains(a["label"].as_str().unwrap())
    );
    assert_eq!(r["developerTrace"]["diagnostics"]["assumptionMade"], true);
}

#[tokio::test]
async fn a_selected_option_answers_for_that_tournament_with_market_citations() {
    let options = query(world_cup(json!({})).clone()).await["clarification"]["options"].clone();
    let rugby = options
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["label"] == "Rugby World Cup 2027")
        .unwrap();
    let r = query(world_cup(
        json!({"selectedOptionId": rugby["id"], "responseShape": "answer_with_evidence"}),
    ))
    .await;
    assert_eq!(r["outcome"], "answer");
    assert!(r["assumption"].is_null());
    assert!(
        r["answer"]
            .as_str()
            .unwrap()
            .contains("Rugby World Cup 2027")
    );
    assert_citations_resolve(&r);
    let calls = executed_calls(&r);
    assert_eq!(calls[0]["arguments"]["tournament"], "Rugby World Cup 2027");
    assert_eq!(
        r["developerTrace"]["diagnostics"]["decisionReasonCode"],
        "selected_option"
    );
}

/// Every `[n]` in the answer has a citation, every citation points at returned evidence, and
/// every evidence unit points at a successful call in the execution record.
fn assert_citations_resolve(r: &Value) {
    let answer = r["answer"].as_str().unwrap();
    let citations = r["citations"].as_array().unwrap();
    assert!(!citations.is_empty());
    let ordinals: Vec<u64> = citations
        .iter()
        .map(|c| c["ordinal"].as_u64().unwrap())
        .collect();
    assert_eq!(
        ordinals,
        (1..=citations.len() as u64).collect::<Vec<_>>(),
        "dense numbering"
    );
    for part in answer.split('[').skip(1) {
        let Some(n) = part.split(']').next().and_then(|d| d.parse::<u64>().ok()) else {
            continue;
        };
        assert!(ordinals.contains(&n), "[{n}] has no citation in {answer}");
    }
    let evidence = r["evidence"]
        .as_array()
        .expect("answer_with_evidence returns evidence");
    let calls = executed_calls(r);
    for c in citations {
        let unit = evidence
            .iter()
            .find(|e| e["id"] == c["evidenceId"])
            .unwrap_or_else(|| panic!("{c} cites nothing returned"));
        assert_eq!(
            (&unit["toolId"], &unit["method"]),
            (&c["toolId"], &c["method"])
        );
        let call = calls
            .iter()
            .find(|k| k["seq"] == unit["callSeq"] && k["method"] == unit["method"])
            .expect("evidence comes from a call");
        assert_eq!(call["ok"], true);
        assert_eq!(call["toolId"], unit["toolId"]);
    }
}

#[tokio::test]
async fn a_precise_market_question_answers_with_resolvable_citations() {
    for q in [
        "Who will win the FIFA Women's World Cup 2027?",
        "Will the Fed cut interest rates in December?",
    ] {
        let r = query(json!({"query": q, "tools": ["markets"], "responseShape": "answer_with_evidence", "includeDeveloperTrace": true})).await;
        assert_eq!(r["outcome"], "answer", "{q}: {r}");
        assert!(r["assumption"].is_null(), "{q}: nothing assumed");
        assert_citations_resolve(&r);
    }
}

#[tokio::test]
async fn bybit_liquidation_heatmap_is_a_capability_miss_pinned_or_not() {
    let q = "Show me the Bybit liquidation heatmap for BTC";
    for body in [
        json!({"query": q, "tools": ["markets"], "includeDeveloperTrace": true}),
        json!({"query": q, "includeDeveloperTrace": true}),
    ] {
        let r = query(body.clone()).await;
        assert_eq!(r["outcome"], "capability_miss", "{body}: {r}");
        assert_eq!(r["capabilityMiss"]["reason"], "no_relevant_method");
        assert!(
            r["capabilityMiss"]["message"]
                .as_str()
                .unwrap()
                .contains("bybit")
        );
        assert!(executed_calls(&r).is_empty());
        assert!(r["answer"].is_null());
    }
}

#[tokio::test]
async fn a_transfer_request_is_refused_and_no_execute_method_ever_runs() {
    let balances = || async {
        server()
            .pipeline
            .marketplace()
            .call("wallet", "get_balances", &json!({"account": "acct-0001"}))
            .await
            .unwrap()
    };
    let before = balances().await;
    for (query_text, tools) in [
        ("Transfer 0.5 ETH from acct-0001 to 0x9f2c", None),
        (
            "Please transfer 2 ETH from acct-0001 to 0xabc",
            Some(json!(["wallet"])),
        ),
        (
            "Place an order to buy 1 BTC for acct-0001",
            Some(json!(["wallet", "crypto-prices"])),
        ),
        // No metadata at all: classified execute by inference from its name.
        (
            "Send a score alert for the Arsenal match",
            Some(json!(["sports-data"])),
        ),
    ] {
        for depth in ["deep", "fast", "auto"] {
            let mut body =
                json!({"query": query_text, "queryDepth": depth, "includeDeveloperTrace": true});
            if let Some(t) = &tools {
                body["tools"] = t.clone();
            }
            let r = query(body).await;
            assert_eq!(
                r["outcome"], "capability_miss",
                "{query_text} ({depth}): {r}"
            );
            for call in executed_calls(&r) {
                assert!(
                    ![
                        "transfer",
                        "place_order",
                        "send_score_alert",
                        "purge_standings_cache"
                    ]
                    .contains(&call["method"].as_str().unwrap()),
                    "{call}"
                );
            }
            // The trace, read as data: a refused request plans and executes nothing at all, so
            // no acting method can have been planned or dispatched.
            let events = r["developerTrace"]["events"]
                .as_array()
                .expect("the developer trace is there");
            assert_eq!(
                events.last().unwrap()["name"],
                "query-settled",
                "{query_text} ({depth})"
            );
            for e in events {
                let name = e["name"].as_str().unwrap();
                assert!(
                    !["planner-generated-code", "final-execution"].contains(&name),
                    "{query_text} ({depth}): a miss reached {name}: {e}"
                );
            }
        }
    }
    assert_eq!(balances().await, before, "the ledger is untouched");
    let r = query(json!({"query": "Transfer 0.5 ETH from acct-0001 to 0x9f2c"})).await;
    let nearest: Vec<&str> = r["capabilityMiss"]["nearestMethods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["method"].as_str().unwrap())
        .collect();
    assert_eq!(r["capabilityMiss"]["reason"], "execute_only");
    assert!(
        nearest.contains(&"transfer"),
        "the miss names the blocked method: {nearest:?}"
    );
}

#[tokio::test]
async fn a_missing_parameter_is_asked_for_by_name() {
    let r = query(json!({"query": "What is the current spot price?", "tools": ["crypto-prices"]}))
        .await;
    assert_eq!(r["outcome"], "clarification_required");
    let c = &r["clarification"];
    assert_eq!(c["kind"], "missing_parameter");
    assert_eq!(c["missingParameters"], json!(["symbol"]));
    assert!(c["question"].as_str().unwrap().contains("symbol"));
    let eth = c["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["label"] == "ETH")
        .unwrap();
    let r = query(json!({"query": "What is the current spot price?", "tools": ["crypto-prices"], "selectedOptionId": eth["id"]})).await;
    assert_eq!(r["outcome"], "answer");
    assert!(
        r["answer"].as_str().unwrap().contains("$3,480.50"),
        "{}",
        r["answer"]
    );

    let r = query(json!({"query": "Show the balances of my wallet", "tools": ["wallet"]})).await;
    assert_eq!(
        r["clarification"]["missingParameters"],
        json!(["account"]),
        "{r}"
    );
    assert!(
        r["clarification"]["options"].as_array().unwrap().is_empty(),
        "an account id cannot be guessed"
    );
    let r = query(json!({"query": "Show the balances of my wallet", "tools": ["wallet"], "clarificationPolicy": "auto"})).await;
    assert_eq!(
        r["outcome"], "clarification_required",
        "nothing to assume for a free-form id"
    );
}

#[tokio::test]
async fn the_event_sequence_of_each_scenario_is_stable() {
    let scenarios = [
        ("world_cup_return", world_cup(json!({}))),
        (
            "world_cup_auto",
            world_cup(json!({"clarificationPolicy": "auto"})),
        ),
        (
            "bybit_unpinned",
            json!({"query": "Show me the Bybit liquidation heatmap for BTC", "includeDeveloperTrace": true}),
        ),
        (
            "transfer",
            json!({"query": "Transfer 0.5 ETH from acct-0001 to 0x9f2c", "includeDeveloperTrace": true}),
        ),
        (
            "missing_parameter",
            json!({"query": "What is the current spot price?", "tools": ["crypto-prices"], "includeDeveloperTrace": true}),
        ),
        (
            "precise_fast",
            json!({"query": "Price of Solana in euros", "tools": ["crypto-prices"], "queryDepth": "fast", "includeDeveloperTrace": true}),
        ),
        (
            "evidence_only",
            json!({"query": "Who will win the Rugby World Cup 2027?", "tools": ["markets"], "responseShape": "evidence_only", "includeDeveloperTrace": true}),
        ),
    ];
    let mut sequences = serde_json::Map::new();
    for (name, body) in scenarios {
        let r = query(body).await;
        sequences.insert(
            name.to_owned(),
            json!({"outcome": r["outcome"], "events": event_names(&r)}),
        );
    }
    insta::assert_json_snapshot!(sequences);
    // One whole response, with the values that vary between runs redacted.
    let r = query(world_cup(json!({}))).await;
    insta::assert_json_snapshot!("world_cup_return_response", r, {
        ".requestId" => "[id]", ".meta.latencyMs" => "[ms]", ".developerTrace.events[].atMs" => "[ms]",
        ".developerTrace.events[].data.requestId" => "[id]"
    });
    let _ = event(&r, "query-settled");
}
