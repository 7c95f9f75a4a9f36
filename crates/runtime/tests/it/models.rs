//! Models on real provider wire formats (the judge and the answer model), against a scripted provider server on loopback:
//! good answers are followed; malformed, off-schema, unknown, contradictory, slow and failing
//! answers fall back to the deterministic decision with their reason code; no request ends in a
//! 5xx; the key never appears in a response or a trace.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use runtime::config::{Config, ModelSpec};
use serde_json::{Value, json};

use crate::support::{query_at, start};

const CANARY: &str = "sk-canary-7f3a9c2e";

/// One scripted reply.
#[derive(Clone)]
enum Reply {
    /// A chat completion whose message content is this text.
    Content(String),
    /// An Anthropic tool_use block with this input.
    ToolUse(Value),
    /// A status with a body (and Retry-After 0 for 429).
    Status(u16),
    /// Answer after this long.
    Slow(Duration, String),
}

#[derive(Default)]
struct Script {
    replies: Mutex<VecDeque<Reply>>,
    seen_keys: Mutex<Vec<String>>,
    prompts: Mutex<Vec<String>>,
}

async fn respond(script: Arc<Script>, headers: HeaderMap, body: Value) -> Response {
    let key = headers
        .get("authorization")
        .or_else(|| headers.get("x-api-key"))
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    script.seen_keys.lock().unwrap().push(key.to_owned());
    script.prompts.lock().unwrap().push(body.to_string());
    let reply = script
        .replies
        .lock()
        .unwrap()
        .pop_front()
        .unwrap_or(Reply::Status(500));
    let chat = |text: String| {
        axum::Json(json!({"choices": [{"message": {"role": "assistant", "content": text}}], "usage": {"prompt_tokens": 100, "completion_tokens": 20}})).into_response()
    };
    match reply {
        Reply::Content(text) => chat(text),
        Reply::ToolUse(input) => axum::Json(json!({"content": [{"type": "tool_use", "name": "judge_decision", "input": input}], "usage": {"input_tokens": 90, "output_tokens": 15}})).into_response(),
        Reply::Status(429) => (StatusCode::TOO_MANY_REQUESTS, [("retry-after", "0")], "slow down").into_response(),
        Reply::Status(code) => (StatusCode::from_u16(code).unwrap(), "upstream trouble").into_response(),
        Reply::Slow(wait, text) => {
            tokio::time::sleep(wait).await;
            chat(text)
        }
    }
}

/// A provider server speaking both wire formats; returns its base URL.
async fn provider(script: Arc<Script>) -> String {
    let (a, b) = (Arc::clone(&script), Arc::clone(&script));
    let app = axum::Router::new()
        .route(
            "/v1/chat/completions",
            axum::routing::post(move |h: HeaderMap, axum::Json(body): axum::Json<Value>| {
                respond(Arc::clone(&a), h, body)
            }),
        )
        .route(
            "/v1/messages",
            axum::routing::post(move |h: HeaderMap, axum::Json(body): axum::Json<Value>| {
                respond(Arc::clone(&b), h, body)
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{addr}")
}

fn config(base: &str, provider: &str) -> Config {
    let mut c = Config::default();
    c.models.answer_models = vec!["embedded".into(), "scripted".into()];
    let base_url = if provider == "openai" {
        format!("{base}/v1")
    } else {
        base.to_owned()
    };
    // A per-call timeout a scripted reply meets even on a loaded CI machine, and that a reply
    // made to wait five seconds still misses.
    let spec: ModelSpec = serde_json::from_value(json!({
        "provider": provider, "base_url": base_url, "model": "judge-1", "api_key": CANARY, "timeout_ms": 3000, "retries": 2
    }))
    .unwrap();
    c.models.registry.insert("scripted".into(), spec);
    c.models.judge = Some("scripted".into());
    c
}

const Q: &str = "Who will win the World Cup?";

/// Runs the World Cup query against a fresh server whose judge replies with `replies`.
async fn judged(provider_kind: &str, replies: Vec<Reply>, policy: &str) -> (Value, Arc<Script>) {
    let script = Arc::new(Script::default());
    script.replies.lock().unwrap().extend(replies);
    let base = provider(Arc::clone(&script)).await;
    let server = start(config(&base, provider_kind));
    let r = query_at(&server.url, json!({"query": Q, "tools": ["markets"], "clarificationPolicy": policy, "includeDeveloperTrace": true})).await;
    let text = r.to_string();
    assert!(
        !text.contains(CANARY) && !text.contains("canary"),
        "the key never leaves: {text}"
    );
    (r, script)
}

fn diagnostics(r: &Value) -> &Value {
    &r["developerTrace"]["diagnostics"]
}

/// The option ids the deterministic gate offers for the World Cup query (stable across runs).
async fn world_cup_options() -> Vec<String> {
    let r = crate::support::query(json!({"query": Q, "tools": ["markets"]})).await;
    r["clarification"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_sound_judge_decides_and_costs_one_model_call() {
    let ids = world_cup_options().await;
    let verdict = json!({"outcome": "clarification_required", "optionIds": [ids[0], ids[2]], "confidence": 0.9, "question": "Men's or women's?"});
    let (r, script) = judged(
        "openai",
        vec![Reply::Content(verdict.to_string())],
        "return",
    )
    .await;
    assert_eq!(r["outcome"], "clarification_required");
    assert_eq!(r["clarification"]["question"], "Men's or women's?");
    assert_eq!(r["clarification"]["options"].as_array().unwrap().len(), 2);
    assert_eq!(diagnostics(&r)["decisionStrategy"], "judge");
    assert_eq!(
        diagnostics(&r)["judgeOutcomeType"],
        "clarification_required"
    );
    assert_eq!(
        r["meta"]["modelCalls"], 1,
        "a clarification costs one model call"
    );
    assert_eq!(
        script.seen_keys.lock().unwrap()[0],
        format!("Bearer {CANARY}"),
        "the key is sent to the provider"
    );
    let prompt = script.prompts.lock().unwrap()[0].clone();
    assert!(
        prompt.contains("json_schema") && prompt.contains(&ids[0]),
        "structured output with the grounded options: {prompt}"
    );
}

#[tokio::test]
async fn anthropic_answers_through_a_forced_tool_call() {
    let ids = world_cup_options().await;
    let verdict =
        json!({"outcome": "answer", "optionIds": [ids[1]], "confidence": 0.8, "question": ""});
    let (r, script) = judged("anthropic", vec![Reply::ToolUse(verdict)], "return").await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(diagnostics(&r)["decisionStrategy"], "judge");
    assert!(
        r["answer"].as_str().unwrap().contains("Rugby"),
        "{}",
        r["answer"]
    );
    assert_eq!(script.seen_keys.lock().unwrap()[0], CANARY);
    assert!(script.prompts.lock().unwrap()[0].contains("\"tool_choice\""));
}

#[tokio::test]
async fn brittle_judges_fall_back_with_their_reason_and_never_answer_silently() {
    let ids = world_cup_options().await;
    let cases = vec![
        (vec![Reply::Content("I think it's the FIFA one!".into())], "schema_invalid"),
        (vec![Reply::Content(json!({"outcome": "answer", "confidence": 0.9}).to_string())], "schema_invalid"),
        (vec![Reply::Content(json!({"outcome": "answer", "optionIds": ["opt-000000000000"], "confidence": 0.9, "question": ""}).to_string())], "unknown_option"),
        (vec![Reply::Content(json!({"outcome": "answer", "optionIds": [ids[0], ids[1]], "confidence": 0.95, "question": ""}).to_string())], "outcome_inconsistent"),
        (vec![Reply::Content(json!({"outcome": "answer", "optionIds": [ids[0]], "confidence": 0.2, "question": ""}).to_string())], "low_confidence"),
        (vec![Reply::Status(500), Reply::Status(500), Reply::Status(500)], "provider_error"),
        (vec![Reply::Status(401)], "provider_error"),
        (vec![Reply::Slow(Duration::from_secs(5), "{}".into())], "timeout"),
    ];
    for (replies, reason) in cases {
        let (r, _) = judged("openai", replies, "return").await;
        assert_eq!(
            r["outcome"], "clarification_required",
            "{reason}: the deterministic clarification stands: {r}"
        );
        assert_eq!(diagnostics(&r)["decisionStrategy"], "fallback", "{reason}");
        assert_eq!(diagnostics(&r)["fallbackReason"], reason, "{r}");
        assert!(r["assumption"].is_null());
        let overridden =
            ["unknown_option", "outcome_inconsistent", "low_confidence"].contains(&reason);
        assert_eq!(diagnostics(&r)["judgeDisagreement"], overridden, "{reason}");
        if reason == "schema_invalid" {
            // The unusable reply was still generated: its tokens are reported.
            assert_eq!(
                r["meta"]["tokens"],
                json!({"input": 100, "output": 20}),
                "{r}"
            );
        }
    }
}

#[tokio::test]
async fn a_slow_model_never_stretches_the_request_past_its_deadline() {
    let script = Arc::new(Script::default());
    script
        .replies
        .lock()
        .unwrap()
        .push_back(Reply::Slow(Duration::from_secs(20), "{}".into()));
    let base = provider(Arc::clone(&script)).await;
    let mut c = config(&base, "openai");
    // The model's own timeout is far beyond the request's deadline: the deadline wins, and the
    // deterministic decision answers in time instead of a 504.
    c.models.registry.get_mut("scripted").unwrap().timeout_ms = 60_000;
    c.pipeline.request_deadline_ms = 1_500;
    let server = start(c);
    let r = query_at(
        &server.url,
        json!({"query": Q, "tools": ["markets"], "includeDeveloperTrace": true}),
    )
    .await;
    assert_eq!(r["outcome"], "clarification_required", "{r}");
    assert_eq!(diagnostics(&r)["fallbackReason"], "timeout", "{r}");
    assert_eq!(r["meta"]["modelCalls"], 1);
}

#[tokio::test]
async fn a_rate_limit_is_retried_and_then_followed() {
    let ids = world_cup_options().await;
    let verdict = json!({"outcome": "clarification_required", "optionIds": [ids[0], ids[1], ids[2]], "confidence": 0.9, "question": "Which one?"});
    let (r, script) = judged(
        "openai",
        vec![Reply::Status(429), Reply::Content(verdict.to_string())],
        "return",
    )
    .await;
    assert_eq!(diagnostics(&r)["decisionStrategy"], "judge", "{r}");
    assert_eq!(script.seen_keys.lock().unwrap().len(), 2, "one retry");
    assert_eq!(r["meta"]["modelCalls"], 1);
}

#[tokio::test]
async fn under_auto_a_judged_ambiguity_continues_with_the_recommendation() {
    let ids = world_cup_options().await;
    let verdict = json!({"outcome": "clarification_required", "optionIds": [ids[0], ids[1]], "confidence": 0.9, "question": "Which?"});
    let (r, _) = judged("openai", vec![Reply::Content(verdict.to_string())], "auto").await;
    assert_eq!(r["outcome"], "answer");
    assert_eq!(r["assumption"]["autoResolved"], true);
    assert_eq!(
        r["assumption"]["optionId"],
        ids[0].as_str(),
        "the deterministic recommendation"
    );
}

/// Asks a precise question (no judge needed: one interpretation) with the scripted answer model.
async fn answered(query: &str, replies: Vec<Reply>) -> (Value, Arc<Script>) {
    let script = Arc::new(Script::default());
    script.replies.lock().unwrap().extend(replies);
    let base = provider(Arc::clone(&script)).await;
    let mut c = config(&base, "openai");
    c.models.judge = None;
    let server = start(c);
    let r = query_at(
        &server.url,
        json!({"query": query, "tools": ["markets"], "answerModelId": "scripted",
        "responseShape": "answer_with_evidence", "includeDeveloperTrace": true}),
    )
    .await;
    assert!(!r.to_string().contains(CANARY));
    (r, script)
}

#[tokio::test]
async fn the_answer_models_citations_are_validated_renumbered_and_counted() {
    let reply = json!({"answer": "Spain leads at 18% [1], France follows [4].", "citedOrdinals": [1, 4, 9], "gaps": [], "conflicts": [], "sufficient": true});
    let (r, script) = answered(
        "Who will win the FIFA World Cup 2026?",
        vec![Reply::Content(reply.to_string())],
    )
    .await;
    assert_eq!(r["outcome"], "answer");
    assert_eq!(r["answer"], "Spain leads at 18% [1], France follows.");
    assert_eq!(r["citations"].as_array().unwrap().len(), 1);
    assert_eq!(r["citations"][0]["evidenceId"], r["evidence"][0]["id"]);
    assert_eq!(r["meta"]["citationsDropped"], 2);
    assert_eq!(r["meta"]["answerModelId"], "scripted");
    assert_eq!(r["meta"]["modelCalls"], 1);
    let prompt = script.prompts.lock().unwrap()[0].clone();
    assert!(
        prompt.contains("[1] Who will win the FIFA World Cup 2026?"),
        "the evidence block carries ordinals: {prompt}"
    );
}

#[tokio::test]
async fn insufficient_evidence_always_leaves_a_gap() {
    let reply = json!({"answer": "The markets do not say.", "citedOrdinals": [], "gaps": [], "conflicts": [], "sufficient": false});
    let (r, _) = answered(
        "Who will win the FIFA World Cup 2026?",
        vec![Reply::Content(reply.to_string())],
    )
    .await;
    assert!(!r["gaps"].as_array().unwrap().is_empty(), "{r}");
    assert!(r["citations"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn no_evidence_means_no_model_call_and_a_failing_model_never_a_5xx() {
    let (r, script) = answered(
        "Are there any prediction markets about a referendum?",
        vec![],
    )
    .await;
    assert_eq!(r["outcome"], "answer");
    assert!(
        script.prompts.lock().unwrap().is_empty(),
        "no evidence: the answer model is not called"
    );
    assert_eq!(r["meta"]["modelCalls"], 0);
    assert!(!r["gaps"].as_array().unwrap().is_empty());

    let (r, _) = answered(
        "Who will win the FIFA World Cup 2026?",
        vec![Reply::Status(500), Reply::Status(500), Reply::Status(500)],
    )
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert!(
        r["answer"].as_str().unwrap().contains("[1]"),
        "composed from the evidence directly"
    );
    assert!(
        r["gaps"]
            .to_string()
            .contains("answer model failed (provider_error)"),
        "{r}"
    );
}

/// Asks `query` with the scripted model as planner (and repair), nothing else on a model.
async fn planned(query: &str, replies: Vec<Reply>) -> Value {
    let script = Arc::new(Script::default());
    script.replies.lock().unwrap().extend(replies);
    let base = provider(Arc::clone(&script)).await;
    let mut c = config(&base, "openai");
    c.models.judge = None;
    c.models.planner = Some("scripted".into());
    let server = start(c);
    let r = query_at(
        &server.url,
        json!({"query": query, "tools": ["markets"], "includeDeveloperTrace": true}),
    )
    .await;
    assert!(!r.to_string().contains(CANARY));
    r
}

fn program(source: &str) -> Reply {
    Reply::Content(json!({ "program": source }).to_string())
}

fn planner_events(r: &Value) -> Vec<Value> {
    r["developerTrace"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["name"] == "planner-generated-code")
        .map(|e| e["data"].clone())
        .collect()
}

const RUGBY: &str = "Who will win the Rugby World Cup 2027?";

#[tokio::test]
async fn a_model_written_program_runs_in_the_sandbox() {
    let source = "const r = tools.markets.get_tournament_winner_odds({ tournament: 'Rugby World Cup 2027' });\nreturn { favourite: r.teams[0] };";
    let r = planned(RUGBY, vec![program(source)]).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let events = planner_events(&r);
    assert_eq!(events[0]["planner"], "scripted");
    assert_eq!(events[0]["source"], source);
    assert_eq!(r["meta"]["modelCalls"], 1);
    assert!(
        r["answer"].as_str().unwrap().contains("South Africa"),
        "{}",
        r["answer"]
    );
}

#[tokio::test]
async fn a_program_naming_a_method_outside_the_allow_list_never_runs() {
    let r = planned(RUGBY, vec![program("tools.wallet.transfer({ account: 'acct-0001', to_address: 'x', asset: 'ETH', amount: 1 }); return 1;")]).await;
    assert_eq!(r["outcome"], "answer");
    let events = planner_events(&r);
    assert_eq!(events[0]["fallbackReason"], "static_check", "{events:?}");
    assert_eq!(events[1]["planner"], "deterministic");
    for call in crate::support::executed_calls(&r) {
        assert_eq!(call["toolId"], "markets", "{call}");
    }
}

#[tokio::test]
async fn a_failing_program_is_repaired_with_its_error() {
    let broken =
        "return tools.markets.get_tournament_winner_odds({ competition: 'Rugby World Cup 2027' });";
    let fixed =
        "return tools.markets.get_tournament_winner_odds({ tournament: 'Rugby World Cup 2027' });";
    let r = planned(RUGBY, vec![program(broken), program(fixed)]).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let events = planner_events(&r);
    assert_eq!(events[1]["repair"], 1, "{events:?}");
    assert!(
        events[1]["error"]
            .as_str()
            .unwrap()
            .contains("ArgumentError"),
        "the error went back to the model: {events:?}"
    );
    assert_eq!(r["meta"]["modelCalls"], 2);
    assert!(r["answer"].as_str().unwrap().contains("South Africa"));
}

#[tokio::test]
async fn an_unrepairable_program_falls_back_to_the_template() {
    let broken =
        program("throw new Error('no idea'); tools.markets.get_tournament_winner_odds({});");
    let r = planned(RUGBY, vec![broken.clone(), broken.clone(), broken]).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let events = planner_events(&r);
    assert_eq!(
        events.last().unwrap()["fallbackReason"],
        "program_failed",
        "{events:?}"
    );
    assert_eq!(
        r["meta"]["modelCalls"], 3,
        "the planner and two bounded repairs"
    );
    assert!(r["answer"].as_str().unwrap().contains("South Africa"));
}

/// Every internal stage and the answer model on the scripted model.
async fn everything_on_the_model(query: &str, replies: Vec<Reply>) -> Value {
    let script = Arc::new(Script::default());
    script.replies.lock().unwrap().extend(replies);
    let base = provider(Arc::clone(&script)).await;
    let mut c = config(&base, "openai");
    c.models.planner = Some("scripted".into());
    c.models.completeness = Some("scripted".into());
    c.models.default_answer_model = "scripted".into();
    let server = start(c);
    query_at(
        &server.url,
        json!({"query": query, "tools": ["markets"], "includeDeveloperTrace": true}),
    )
    .await
}

#[tokio::test]
async fn an_answer_costs_three_model_calls_and_a_clarification_one() {
    let r = crate::support::query(
        json!({"query": RUGBY, "tools": ["markets"], "includeDeveloperTrace": true}),
    )
    .await;
    let only = r["developerTrace"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "query-clarification-input")
        .unwrap()["data"]["ambiguityPool"][0]["id"]
        .clone();
    let replies = vec![
        Reply::Content(json!({"outcome": "answer", "optionIds": [only], "confidence": 0.9, "question": ""}).to_string()),
        program("return tools.markets.get_tournament_winner_odds({ tournament: 'Rugby World Cup 2027' });"),
        Reply::Content(json!({"answer": "South Africa is the favourite [1].", "citedOrdinals": [1], "gaps": [], "conflicts": [], "sufficient": true}).to_string()),
    ];
    let r = everything_on_the_model(RUGBY, replies).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(r["answer"], "South Africa is the favourite [1].");
    assert_eq!(
        r["meta"]["modelCalls"], 3,
        "judge, planner, synthesis; completeness is not consulted when evidence suffices"
    );

    let ids = world_cup_options().await;
    let verdict = json!({"outcome": "clarification_required", "optionIds": [ids[0], ids[1]], "confidence": 0.9, "question": "Which?"});
    let r = everything_on_the_model(Q, vec![Reply::Content(verdict.to_string())]).await;
    assert_eq!(r["outcome"], "clarification_required");
    assert_eq!(
        r["meta"]["modelCalls"], 1,
        "a clarification costs one model call"
    );
}

#[tokio::test]
async fn a_completeness_model_proposes_the_follow_up_query() {
    let script = Arc::new(Script::default());
    script.replies.lock().unwrap().extend([
        Reply::Content(json!({"sufficient": false, "missing": "nothing on referendums", "follow_up_query": "UK general election"}).to_string()),
        Reply::Content(json!({"sufficient": true, "missing": "", "follow_up_query": ""}).to_string()),
    ]);
    let base = provider(Arc::clone(&script)).await;
    let mut c = config(&base, "openai");
    c.models.judge = None;
    c.models.completeness = Some("scripted".into());
    let server = start(c);
    let r = query_at(&server.url, json!({"query": "Are there any prediction markets about a referendum?", "tools": ["markets"], "includeDeveloperTrace": true})).await;
    let follow_ups: Vec<&str> = r["developerTrace"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["name"] == "scout-pre-plan-probe")
        .filter_map(|e| e["data"]["followUpQuery"].as_str())
        .collect();
    assert_eq!(follow_ups, ["UK general election"], "{r}");
    assert!(r["meta"]["rediscoveryRounds"].as_u64().unwrap() >= 1);
    assert!(
        r["answer"]
            .as_str()
            .unwrap()
            .contains("UK general election"),
        "the second round found it: {}",
        r["answer"]
    );
}

#[tokio::test]
async fn a_stage_budget_bounds_the_judge_and_caps_its_tokens() {
    let script = Arc::new(Script::default());
    script
        .replies
        .lock()
        .unwrap()
        .push_back(Reply::Slow(Duration::from_secs(20), "{}".into()));
    let base = provider(Arc::clone(&script)).await;
    let mut c = config(&base, "openai");
    // Only the stage's budget can end the call early: the model's own timeout and the request's
    // deadline are far beyond the reply, which would be judged unusable (`schema_invalid`) had
    // the stage waited for it.
    c.models.registry.get_mut("scripted").unwrap().timeout_ms = 60_000;
    c.pipeline.request_deadline_ms = 60_000;
    c.models.stages.insert(
        "judge".into(),
        serde_json::from_value(json!({"max_tokens": 64, "timeout_ms": 100})).unwrap(),
    );
    let server = start(c);
    let r = query_at(
        &server.url,
        json!({"query": Q, "tools": ["markets"], "includeDeveloperTrace": true}),
    )
    .await;
    assert_eq!(
        diagnostics(&r)["fallbackReason"],
        "timeout",
        "the stage did not wait for the slow model: {r}"
    );
    assert_eq!(r["outcome"], "clarification_required");
    let sent: Value = serde_json::from_str(&script.prompts.lock().unwrap()[0]).unwrap();
    assert_eq!(sent["max_tokens"], 64);
}

#[tokio::test]
async fn a_selection_model_narrows_unpinned_tools_and_never_adds_any() {
    let script = Arc::new(Script::default());
    script.replies.lock().unwrap().extend([
        Reply::Content(json!({"toolIds": ["crypto-prices", "not-a-tool"]}).to_string()),
        Reply::Content(json!({"toolIds": []}).to_string()),
        Reply::Status(500),
        Reply::Status(500),
        Reply::Status(500),
    ]);
    let base = provider(Arc::clone(&script)).await;
    let mut c = config(&base, "openai");
    c.models.judge = None;
    c.models.selection = Some("scripted".into());
    let server = start(c);
    let ask = |q: &'static str| {
        let url = server.url.clone();
        async move { query_at(&url, json!({"query": q, "includeDeveloperTrace": true})).await }
    };
    let r = ask("What is the price of Bitcoin?").await;
    let selection = crate::support::event(&r, "tool-selection");
    assert_eq!(selection["strategy"], "model");
    assert_eq!(
        selection["selected"],
        json!(["crypto-prices"]),
        "unknown ids are ignored"
    );
    assert_eq!(r["outcome"], "answer");
    let r = ask("What is the price of Bitcoin?").await;
    assert_eq!(
        r["outcome"], "capability_miss",
        "a model that keeps nothing leaves nothing to answer from"
    );
    let r = ask("What is the price of Bitcoin?").await;
    assert_eq!(
        crate::support::event(&r, "tool-selection")["strategy"],
        "provider_error"
    );
    assert_eq!(
        r["outcome"], "answer",
        "a failing selection model keeps the relevance ranking"
    );
}

#[tokio::test]
async fn a_caller_hanging_up_cancels_the_model_call() {
    use std::sync::atomic::{AtomicBool, Ordering};
    struct Abandoned(Arc<AtomicBool>, bool);
    impl Abandoned {
        fn defuse(&mut self) {
            self.1 = true;
        }
    }
    impl Drop for Abandoned {
        fn drop(&mut self) {
            if !self.1 {
                self.0.store(true, Ordering::SeqCst);
            }
        }
    }
    let abandoned = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&abandoned);
    // The caller hangs up once the model call is under way, however long the stages before it
    // take on a busy machine.
    let started = Arc::new(tokio::sync::Notify::new());
    let reached = Arc::clone(&started);
    let app = axum::Router::new().route(
        "/v1/chat/completions",
        axum::routing::post(move || {
            let mut guard = Abandoned(Arc::clone(&flag), false);
            reached.notify_one();
            async move {
                tokio::time::sleep(Duration::from_secs(30)).await;
                guard.defuse();
                axum::Json(json!({}))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let mut c = config(&format!("http://{addr}"), "openai");
    c.models.registry.get_mut("scripted").unwrap().timeout_ms = 60_000;
    let server = start(c);
    let url = format!("{}/api/v1/query", server.url);
    let caller = tokio::spawn(async move {
        reqwest::Client::new()
            .post(url)
            .json(&json!({"query": Q, "tools": ["markets"]}))
            .send()
            .await
    });
    tokio::time::timeout(Duration::from_secs(30), started.notified())
        .await
        .expect("the request reached the model");
    caller.abort();
    assert!(caller.await.is_err(), "the caller gave up");
    for _ in 0..60 {
        if abandoned.load(Ordering::SeqCst) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the model call outlived the request that needed it");
}
