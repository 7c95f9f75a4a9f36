//! The pipeline's acceptance scenarios with every model stage on a provider (OpenAI wire format,
//! scripted on loopback) whose answers follow what each prompt gives it: the judge mirrors the
//! options offered, the planner calls the planned calls, synthesis cites each evidence line,
//! completeness says sufficient. The outcomes must match the embedded pipeline's, and the model
//! path must really be taken (modelCalls > 0, judge strategy).

use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::support::{Server, event, executed_calls, query_at, start};

/// The stage's answer, from its request body alone.
fn follow(body: &Value) -> Value {
    let stage = body["response_format"]["json_schema"]["name"]
        .as_str()
        .unwrap_or_default();
    let prompt: String = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["content"].as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let content = match stage {
        "judge_decision" => {
            let ids: Vec<&str> = prompt
                .lines()
                .filter_map(|l| l.trim().strip_prefix("- id: "))
                .collect();
            let needs = prompt.contains("still needs:");
            match (ids.len(), needs) {
                (1, false) => {
                    json!({"outcome": "answer", "optionIds": ids, "confidence": 0.9, "question": ""})
                }
                (1, true) => {
                    json!({"outcome": "clarification_required", "optionIds": ids, "confidence": 0.9, "question": ""})
                }
                _ => {
                    json!({"outcome": "clarification_required", "optionIds": ids, "confidence": 0.9, "question": ""})
                }
            }
        }
        "program" => {
            let line = prompt
                .lines()
                .find_map(|l| l.strip_prefix("The calls it stands for (JSON): "))
                .unwrap();
            let calls: Value = serde_json::from_str(line).unwrap();
            let body: Vec<String> = calls
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    format!(
                        "out.push(tools[{}][{}]({}));",
                        c["tool"], c["method"], c["arguments"]
                    )
                })
                .collect();
            json!({"program": format!("const out = [];\n{}\nreturn out;", body.join("\n"))})
        }
        "cited_answer" => {
            let lines: Vec<(usize, String)> = prompt
                .lines()
                .filter_map(|l| {
                    let rest = l.strip_prefix('[')?;
                    let (n, tail) = rest.split_once(']')?;
                    Some((
                        n.parse().ok()?,
                        tail.split(" (").next().unwrap_or("").trim().to_owned(),
                    ))
                })
                .collect();
            let answer: Vec<String> = lines
                .iter()
                .map(|(n, title)| format!("{title} [{n}]."))
                .collect();
            json!({"answer": answer.join(" "), "citedOrdinals": lines.iter().map(|(n, _)| n).collect::<Vec<_>>(), "gaps": [], "conflicts": [], "sufficient": true})
        }
        "sufficiency" => json!({"sufficient": true, "missing": "", "follow_up_query": ""}),
        other => panic!("unexpected stage {other}"),
    };
    json!({"choices": [{"message": {"role": "assistant", "content": content.to_string()}}], "usage": {"prompt_tokens": 50, "completion_tokens": 10}})
}

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            rt.block_on(async move {
                let app = axum::Router::new().route("/v1/chat/completions", axum::routing::post(|axum::Json(b): axum::Json<Value>| async move { axum::Json(follow(&b)) }));
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                tx.send(listener.local_addr().unwrap()).unwrap();
                axum::serve(listener, app).await.unwrap();
            });
        });
        let addr = rx.recv().unwrap();
        let mut c = runtime::config::Config::default();
        let spec = serde_json::from_value(json!({"provider": "openai", "base_url": format!("http://{addr}/v1"), "model": "follower", "api_key": "sk-follower"})).unwrap();
        c.models.registry.insert("follower".into(), spec);
        for stage in ["judge", "planner", "completeness"] {
            match stage {
                "judge" => c.models.judge = Some("follower".into()),
                "planner" => c.models.planner = Some("follower".into()),
                _ => c.models.completeness = Some("follower".into()),
            }
        }
        c.models.answer_models = vec!["embedded".into(), "follower".into()];
        c.models.default_answer_model = "follower".into();
        start(c)
    })
}

async fn ask(body: Value) -> Value {
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
    for (body, outcome) in [
        (
            json!({"query": "Show me the Bybit liquidation heatmap for BTC", "tools": ["markets"]}),
            "capability_miss",
        ),
        (
            json!({"query": "Show me the Bybit liquidation heatmap for BTC"}),
            "capability_miss",
        ),
        (
            json!({"query": "Transfer 0.5 ETH from acct-0001 to 0x9f2c"}),
            "capability_miss",
        ),
        (
            json!({"query": "What is the current spot price?", "tools": ["crypto-prices"]}),
            "clarification_required",
        ),
        (
            json!({"query": "Who will win the FIFA Women's World Cup 2027?", "tools": ["markets"]}),
            "answer",
        ),
    ] {
        let r = ask(body.clone()).await;
        assert_eq!(r["outcome"], outcome, "{body}: {r}");
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
