//! The pipeline's acceptance scenarios with every model stage on the scripted provider
//! (`scripted-model`: OpenAI wire format on loopback) whose answers follow what each prompt gives
//! it: the judge mirrors the options offered, the planner calls the planned calls, synthesis
//! cites each evidence line, completeness says sufficient. The outcomes must match the embedded
//! pipeline's, and the model path must really be taken (modelCalls > 0, judge strategy).

use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::support::{Server, event, executed_calls, query_at, start};

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| {
        let addr = crate::support::scripted_model_server();
        let mut c = runtime::config::Config::default();
        let spec = serde_json::from_value(json!({"provider": "openai", "base_url": format!("http://{addr}/v1"), "model": "follower", "api_key": "sk-follower"})).unwrap();
        c.models.registry.insert("follower".into(), spec);
        let follower = || Some("follower".to_owned());
        c.models.selection = follower();
        c.models.judge = follower();
        c.models.planner = follower();
        c.models.repair = follower();
        c.models.completeness = follower();
        c.models.answer_models = vec!["embedded".into(), "follower".into()];
        c.models.default_answer_model = "follower".into();
        start(c)
    })
}

pub(crate) async fn ask(body: Value) -> Value {
    let mut body = body;
    body["includeDeveloperTrace"] = json!(true);
    query_at(&server().url, body).await
}

#[tokio::test]
async fn the_world_cup_anchors_hold_on_models() {
    let r = ask(json!({"query": "Who will win the World Cup?", "tools": ["markets"]})).await;
    assert_eq!(r["outcome"], "clarification_required");
    assert!(r["clarification"]["options"].as_array().unwrap().len() >= 3);
    assert_eq!(
        r["developerTrace"]["diagnostics"]["decisionStrategy"],
        "judge"
    );
    let rugby = r["clarification"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["label"] == "Rugby World Cup 2027")
        .unwrap()["id"]
        .clone();

    let r = ask(json!({"query": "Who will win the World Cup?", "tools": ["markets"], "clarificationPolicy": "auto"})).await;
    assert_eq!(r["outcome"], "answer");
    assert_eq!(r["assumption"]["autoResolved"], true);

    let r = ask(json!({"query": "Who will win the World Cup?", "tools": ["markets"], "selectedOptionId": rugby, "responseShape": "answer_with_evidence"})).await;
    assert_eq!(r["outcome"], "answer");
    assert!(
        r["answer"]
            .as_str()
            .unwrap()
            .contains("Rugby World Cup 2027"),
        "{}",
        r["answer"]
    );
    let evidence = r["evidence"].as_array().unwrap();
    for c in r["citations"].as_array().unwrap() {
        let unit = evidence
            .iter()
            .find(|e| e["id"] == c["evidenceId"])
            .expect("citations resolve to evidence");
        assert!(
            executed_calls(&r)
                .iter()
                .any(|k| k["seq"] == unit["callSeq"] && k["ok"] == true)
        );
    }
    assert!(
        r["meta"]["modelCalls"].as_u64().unwrap() >= 2,
        "planner and synthesis ran on the model"
    );
}

#[tokio::test]
async fn misses_missing_parameters_and_execute_requests_hold_on_models() {
    // (request, outcome, strategy, model calls): a miss is settled before the judge (nothing
    // survives to judge), but an unpinned request still went through model selection; a
    // clarification is the judge's; an answer took the judge, the planner and synthesis.
    for (body, outcome, strategy, calls) in [
        (
            json!({"query": "Show me the Bybit liquidation heatmap for BTC", "tools": ["markets"]}),
            "capability_miss",
            "deterministic",
            0,
        ),
        (
            json!({"query": "Show me the Bybit liquidation heatmap for BTC"}),
            "capability_miss",
            "deterministic",
            1,
        ),
        (
            json!({"query": "Transfer 0.5 ETH from acct-0001 to 0x9f2c"}),
            "capability_miss",
            "deterministic",
            1,
        ),
        (
            json!({"query": "What is the current spot price?", "tools": ["crypto-prices"]}),
            "clarification_required",
            "judge",
            1,
        ),
        (
            json!({"query": "Who will win the FIFA Women's World Cup 2027?", "tools": ["markets"]}),
            "answer",
            "judge",
            3,
        ),
    ] {
        let r = ask(body.clone()).await;
        assert_eq!(r["outcome"], outcome, "{body}: {r}");
        let d = &r["developerTrace"]["diagnostics"];
        assert_eq!(d["decisionStrategy"], strategy, "{body}: {d}");
        if strategy == "judge" {
            assert_eq!(
                d["judgeOutcomeType"], outcome,
                "the judge's own verdict: {d}"
            );
        }
        assert_eq!(r["meta"]["modelCalls"], calls, "{body}: {}", r["meta"]);
        for call in executed_calls(&r) {
            assert_ne!(call["method"], "transfer");
        }
    }
    let r =
        ask(json!({"query": "What is the current spot price?", "tools": ["crypto-prices"]})).await;
    assert_eq!(r["clarification"]["missingParameters"], json!(["symbol"]));
}

#[tokio::test]
async fn lanes_and_shapes_hold_on_models() {
    let r = ask(json!({"query": "Who will win the Rugby World Cup 2027?", "tools": ["markets"], "queryDepth": "deep-heavy", "responseShape": "evidence_only"})).await;
    assert_eq!(r["outcome"], "answer");
    assert_eq!(r["meta"]["lane"], "deep");
    assert!(r["answer"].is_null());
    assert_eq!(event(&r, "synthesis-context-selection")["skipped"], true);
    assert!(r["meta"]["answerModelId"].is_null(), "no answer model ran");
    let r = ask(
        json!({"query": "Who will win the World Cup?", "tools": ["markets"], "queryDepth": "fast"}),
    )
    .await;
    assert_eq!(
        r["outcome"], "answer",
        "fast is one shot even with a judge configured"
    );
    assert_eq!(
        r["developerTrace"]["diagnostics"]["prePlanProbeStatus"],
        "skipped"
    );
}
