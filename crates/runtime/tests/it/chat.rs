//! The first-party chat over HTTP: turns through the same pipeline, clarifications answered by a
//! click or a typed reply, follow-ups with the thread as context, the guardrails, the stream, and
//! threads that last — in SQLite always, and in PostgreSQL (two replicas on one database) when
//! `SLUICE_TEST_POSTGRES_URL` names a server.

use std::sync::OnceLock;
use std::time::Duration;

use runtime::config::Config;
use serde_json::{Value, json};

use crate::support::{Server, client, start};

/// A server with the default configuration and its own chat store.
fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| start(Config::default()))
}

/// POSTs `body` to `/api/chat` on `base`: the status and the JSON body.
pub(crate) async fn chat_at(base: &str, body: &Value) -> (u16, Value) {
    crate::support::post_to(base, "/api/chat", body.to_string()).await
}

/// A chat turn on the shared server that must succeed.
async fn say(body: Value) -> Value {
    let (status, v) = chat_at(&server().url, &body).await;
    assert_eq!(status, 200, "{body}: {v}");
    v
}

async fn get_json(base: &str, path: &str) -> (u16, Value) {
    let r = client().get(format!("{base}{path}")).send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

fn envelope(turn: &Value) -> &Value {
    &turn["reply"]["envelope"]
}

/// The id of the offered option whose label mentions `word`.
fn option_naming(turn: &Value, word: &str) -> String {
    envelope(turn)["clarification"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["label"].as_str().unwrap().contains(word))
        .unwrap_or_else(|| panic!("no option mentions {word}: {turn}"))["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The tournament argument behind the answer's first citation.
fn cited_tournament(turn: &Value) -> String {
    let e = envelope(turn);
    let cited = &e["citations"][0]["evidenceId"];
    let evidence = e["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .find(|ev| &ev["id"] == cited)
        .expect("the citation resolves to evidence");
    assert_eq!(evidence["toolId"], "markets");
    evidence["arguments"]["tournament"]
        .as_str()
        .unwrap()
        .to_owned()
}

const WORLD_CUP: &str = "Who will win the World Cup?";

#[tokio::test]
async fn a_clarification_is_answered_by_a_click_or_by_a_reply_naming_one_option() {
    let asked = say(json!({"message": WORLD_CUP, "tools": ["markets"]})).await;
    assert_eq!(envelope(&asked)["outcome"], "clarification_required");
    let thread = asked["threadId"].as_str().unwrap();
    let rugby = option_naming(&asked, "Rugby");
    let clicked = say(
        json!({"threadId": thread, "message": "Rugby World Cup 2027", "selectedOptionId": rugby}),
    )
    .await;
    assert_eq!(envelope(&clicked)["outcome"], "answer", "{clicked}");
    assert!(cited_tournament(&clicked).contains("Rugby"));
    assert_eq!(clicked["message"]["selectedOptionId"], json!(rugby));

    let asked = say(json!({"message": WORLD_CUP, "tools": ["markets"]})).await;
    let thread = asked["threadId"].as_str().unwrap();
    let typed = say(json!({"threadId": thread, "message": "the rugby one"})).await;
    assert_eq!(envelope(&typed)["outcome"], "answer", "{typed}");
    assert!(cited_tournament(&typed).contains("Rugby"));
    assert_eq!(typed["message"]["selectedOptionId"], json!(rugby));

    // A reply that names no single option is a new question, not a choice.
    let asked = say(json!({"message": WORLD_CUP, "tools": ["markets"]})).await;
    let thread = asked["threadId"].as_str().unwrap();
    let other = say(
        json!({"threadId": thread, "message": "What are Spain's odds at the FIFA World Cup 2026?"}),
    )
    .await;
    assert!(
        other["message"].get("selectedOptionId").is_none(),
        "{other}"
    );
}

#[tokio::test]
async fn auto_select_answers_at_once_and_says_what_it_assumed() {
    let turn = say(json!({"message": WORLD_CUP, "tools": ["markets"], "autoSelect": true})).await;
    let e = envelope(&turn);
    assert_eq!(e["outcome"], "answer", "{turn}");
    assert_eq!(e["assumption"]["autoResolved"], true);
    assert!(!e["assumption"]["label"].as_str().unwrap().is_empty());
}

#[tokio::test]
async fn a_follow_up_reads_the_thread() {
    let first = say(json!({"message": "What is the price of Solana?"})).await;
    assert_eq!(envelope(&first)["outcome"], "answer", "{first}");
    let thread = first["threadId"].as_str().unwrap();
    let euros = say(json!({"threadId": thread, "message": "and in euros?"})).await;
    let e = envelope(&euros);
    assert_eq!(e["outcome"], "answer", "{euros}");
    assert!(e["answer"].as_str().unwrap().contains('€'), "{euros}");
    assert!(
        e["evidence"]
            .as_array()
            .unwrap()
            .iter()
            .any(|ev| ev["data"]["currency"] == "EUR"),
        "{euros}"
    );
}

#[tokio::test]
async fn a_transfer_is_a_capability_miss_and_nothing_runs() {
    let turn = say(json!({"message": "Transfer 0.5 ETH from acct-0001 to 0x9f2c"})).await;
    let e = envelope(&turn);
    assert_eq!(e["outcome"], "capability_miss", "{turn}");
    assert_eq!(e["meta"]["toolCalls"], 0);
    assert_eq!(turn["reply"]["content"], e["capabilityMiss"]["message"]);
}

#[tokio::test]
async fn threads_are_listed_read_and_deleted() {
    let base = &server().url;
    let first = say(json!({"message": "What is the price of Bitcoin?"})).await;
    let id = first["threadId"].as_str().unwrap().to_owned();
    say(json!({"threadId": id, "message": "and in euros?"})).await;

    let (status, list) = get_json(base, "/api/chat/threads").await;
    assert_eq!(status, 200);
    let listed = list["threads"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id.as_str())
        .expect("the thread is listed");
    assert_eq!(listed["turns"], 2);
    assert_eq!(listed["title"], "What is the price of Bitcoin?");

    let (status, thread) = get_json(base, &format!("/api/chat/threads/{id}")).await;
    assert_eq!(status, 200);
    let messages = thread["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 4);
    assert_eq!(messages[1]["envelope"]["outcome"], "answer");
    assert!(
        !messages[1]["envelope"]["citations"]
            .as_array()
            .unwrap()
            .is_empty()
    );

    let deleted = client()
        .delete(format!("{base}/api/chat/threads/{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status().as_u16(), 204);
    let (status, body) = get_json(base, &format!("/api/chat/threads/{id}")).await;
    assert_eq!(status, 404);
    assert_eq!(body["error"]["code"], "not_found");
    let again = client()
        .delete(format!("{base}/api/chat/threads/{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status().as_u16(), 404);
    let (status, body) =
        chat_at(base, &json!({"threadId": id, "message": "and in dollars?"})).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"]["field"], "threadId");
}

#[tokio::test]
async fn the_guardrails_refuse_with_the_field_named() {
    let mut config = Config::default();
    config.chat.max_message_chars = 60;
    config.chat.max_turns_per_thread = 2;
    let s = start(config);
    let refused = |body: Value, field: &'static str| {
        let url = s.url.clone();
        async move {
            let (status, v) = chat_at(&url, &body).await;
            assert_eq!(status, 400, "{body}: {v}");
            assert_eq!(v["error"]["field"], field, "{body}: {v}");
            v
        }
    };
    let v = refused(json!({"message": "x".repeat(61)}), "message").await;
    assert!(
        v["error"]["message"].as_str().unwrap().contains("60"),
        "{v}"
    );
    refused(
        json!({"message": "hi", "maxToolCalls": 1000}),
        "maxToolCalls",
    )
    .await;
    refused(
        json!({"message": "hi", "threadId": "thr_nothing"}),
        "threadId",
    )
    .await;
    refused(
        json!({"message": "hi", "selectedChatModel": "gpt-9"}),
        "answerModelId",
    )
    .await;

    let (status, first) =
        chat_at(&s.url, &json!({"message": WORLD_CUP, "tools": ["markets"]})).await;
    assert_eq!(status, 200, "{first}");
    let thread = first["threadId"].as_str().unwrap();
    // The scope was pinned when the thread began.
    let v = refused(json!({"threadId": thread, "message": "price of bitcoin", "tools": ["markets", "crypto-prices"]}), "tools").await;
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("crypto-prices"),
        "{v}"
    );
    refused(
        json!({"threadId": thread, "message": "that one", "selectedOptionId": "opt-000000000000"}),
        "selectedOptionId",
    )
    .await;
    let (status, second) = chat_at(
        &s.url,
        &json!({"threadId": thread, "message": "the rugby one"}),
    )
    .await;
    assert_eq!(status, 200, "{second}");
    // The thread has taken its two turns.
    let v = refused(
        json!({"threadId": thread, "message": "and France?"}),
        "threadId",
    )
    .await;
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("limit of 2 turns"),
        "{v}"
    );
    let (_, stored) = get_json(&s.url, &format!("/api/chat/threads/{thread}")).await;
    assert_eq!(
        stored["messages"].as_array().unwrap().len(),
        4,
        "refused turns store nothing"
    );
    refused(
        json!({"threadId": thread, "message": "and France?", "selectedOptionId": "x"}),
        "threadId",
    )
    .await;
}

/// Splits a Server-Sent Events body into (event, data) pairs.
pub(crate) fn sse(body: &str) -> Vec<(String, Value)> {
    crate::stream::parse(body)
}

#[tokio::test]
async fn a_streamed_turn_sends_the_thread_stages_deltas_citations_then_the_stored_turn() {
    let r = client()
        .post(format!("{}/api/chat", server().url))
        .json(&json!({"message": "What is the price of Solana?", "stream": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(
        r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let events = sse(&r.text().await.unwrap());
    let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names[0], "thread", "{names:?}");
    assert_eq!(names.last(), Some(&"answer"), "{names:?}");
    let first_delta = names.iter().position(|n| *n == "delta").expect("deltas");
    let citations = names
        .iter()
        .position(|n| *n == "citations")
        .expect("citations");
    let last_stage = names.iter().rposition(|n| *n == "stage").expect("stages");
    assert!(
        last_stage < first_delta && first_delta < citations,
        "{names:?}"
    );
    let text: String = events
        .iter()
        .filter(|(n, _)| n == "delta")
        .map(|(_, d)| d["text"].as_str().unwrap())
        .collect();
    let (_, turn) = events.last().unwrap();
    assert_eq!(text, turn["reply"]["envelope"]["answer"].as_str().unwrap());
    assert_eq!(turn["threadId"], events[0].1["threadId"]);
    // Stage events carry their name and time, not their payload.
    for (_, stage) in events.iter().filter(|(n, _)| n == "stage") {
        assert_eq!(stage["data"], json!({}), "{stage}");
    }
    let id = turn["threadId"].as_str().unwrap();
    let (status, stored) = get_json(&server().url, &format!("/api/chat/threads/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(stored["messages"][1]["envelope"], turn["reply"]["envelope"]);
}

#[tokio::test]
async fn an_abandoned_stream_cancels_the_turn_and_stores_nothing() {
    let (url, calls) = crate::hardening::slow_tool(Duration::from_millis(1500));
    let s = start(crate::hardening::with_remote(url));
    let r = client()
        .post(format!("{}/api/chat", s.url))
        .json(&json!({"message": crate::hardening::RAIN, "tools": ["rain"], "stream": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let mut r = r;
    let first = String::from_utf8(r.chunk().await.unwrap().unwrap().to_vec()).unwrap();
    let thread = sse(&first)[0].1["threadId"].as_str().unwrap().to_owned();
    drop(r);
    // Long enough for the run to have settled and been stored, had it kept running.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert!(calls.load(std::sync::atomic::Ordering::SeqCst) <= 1);
    let (status, _) = get_json(&s.url, &format!("/api/chat/threads/{thread}")).await;
    assert_eq!(status, 404, "the cancelled turn left no thread behind");
    let (_, list) = get_json(&s.url, "/api/chat/threads").await;
    assert_eq!(list["threads"], json!([]));
}

#[tokio::test]
async fn nothing_internal_reaches_the_browser() {
    const CANARY: &str = "sk-canary-c4a7e91d";
    let addr = crate::support::scripted_model_server();
    let mut c = Config::default();
    let spec = serde_json::from_value(
        json!({"provider": "openai", "base_url": format!("http://{addr}/v1"),
        "model": "follower-large", "api_key": CANARY}),
    )
    .unwrap();
    c.models.registry.insert("house".into(), spec);
    c.models.judge = Some("house".into());
    c.models.planner = Some("house".into());
    c.models.answer_models = vec!["embedded".into(), "house".into()];
    c.models.default_answer_model = "house".into();
    let s = start(c);

    let mut seen = String::new();
    let (_, first) = chat_at(&s.url, &json!({"message": WORLD_CUP, "tools": ["markets"]})).await;
    seen.push_str(&first.to_string());
    let thread = first["threadId"].as_str().unwrap();
    let streamed = client()
        .post(format!("{}/api/chat", s.url))
        .json(&json!({"threadId": thread, "message": "the rugby one", "stream": true}))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(streamed.contains("event: answer"), "{streamed}");
    seen.push_str(&streamed);
    let (_, bad) = chat_at(
        &s.url,
        &json!({"message": "hi", "selectedChatModel": "nope"}),
    )
    .await;
    seen.push_str(&bad.to_string());
    for path in [
        "/".to_owned(),
        "/chat.js".to_owned(),
        "/api/chat/models".to_owned(),
        "/api/chat/threads".to_owned(),
        format!("/api/chat/threads/{thread}"),
    ] {
        let body = client()
            .get(format!("{}{path}", s.url))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        seen.push_str(&body);
    }
    assert!(
        seen.contains("house"),
        "the picker offers the configured model by its name"
    );
    for secret in [
        CANARY,
        "canary",
        &addr.to_string(),
        "follower-large",
        "openai",
    ] {
        assert!(!seen.contains(secret), "'{secret}' reached the browser");
    }
}

/// Two replicas on one PostgreSQL: a thread begun on one continues on the other.
#[tokio::test]
async fn a_thread_begun_on_one_replica_continues_on_another() {
    let Some(url) = postgres_url() else { return };
    let replica = || {
        let mut c = Config::default();
        c.chat.database_url = Some(url.clone());
        start(c)
    };
    let (a, b) = (replica(), replica());
    let (status, first) =
        chat_at(&a.url, &json!({"message": "What is the price of Solana?"})).await;
    assert_eq!(status, 200, "{first}");
    let thread = first["threadId"].as_str().unwrap();
    let (status, euros) = chat_at(
        &b.url,
        &json!({"threadId": thread, "message": "and in euros?"}),
    )
    .await;
    assert_eq!(status, 200, "{euros}");
    assert!(
        envelope(&euros)["answer"].as_str().unwrap().contains('€'),
        "{euros}"
    );
    let (_, stored) = get_json(&a.url, &format!("/api/chat/threads/{thread}")).await;
    assert_eq!(stored["thread"]["turns"], 2, "{stored}");
    assert_eq!(stored["messages"][3]["envelope"], envelope(&euros).clone());
}

/// The PostgreSQL to test against, or `None` (with a note) when none is configured; required
/// when `SLUICE_REQUIRE_POSTGRES` is set (CI).
pub(crate) fn postgres_url() -> Option<String> {
    match std::env::var("SLUICE_TEST_POSTGRES_URL") {
        Ok(url) => Some(url),
        Err(_) if std::env::var_os("SLUICE_REQUIRE_POSTGRES").is_some() => {
            panic!("SLUICE_REQUIRE_POSTGRES is set but SLUICE_TEST_POSTGRES_URL is not")
        }
        Err(_) => {
            eprintln!(
                "SLUICE_TEST_POSTGRES_URL is not set: the PostgreSQL replica test is skipped"
            );
            None
        }
    }
}

/// A pipeline whose summary model is the scripted provider at `addr`.
fn summarizing(addr: &str) -> runtime::pipeline::Pipeline {
    let mut c = Config::default();
    let spec = serde_json::from_value(
        json!({"provider": "openai", "base_url": format!("http://{addr}/v1"),
        "model": "summarizer", "api_key": "sk-summary", "timeout_ms": 2000, "retries": 0}),
    )
    .unwrap();
    c.models.registry.insert("summarizer".into(), spec);
    c.models.summary = Some("summarizer".into());
    runtime::build_pipeline(&c, false).unwrap()
}

#[tokio::test]
async fn older_turns_are_summarized_by_the_summary_model_and_folded_when_it_fails() {
    let addr = crate::support::scripted_model_server().to_string();
    let turns = [
        ("user", "What is the price of Solana?"),
        ("assistant", "The price of Solana is $212.40 [1]."),
        ("user", "And the 24 hour change of Ethereum?"),
    ]
    .map(|(role, content)| {
        serde_json::from_value::<contract::Turn>(json!({"role": role, "content": content})).unwrap()
    });
    let summary = summarizing(&addr)
        .summarize(&turns, 60)
        .await
        .expect("the summary model answers");
    assert!(
        summary.contains("What is the price of Solana?"),
        "{summary}"
    );
    assert!(summary.contains("Ethereum"), "{summary}");
    assert!(
        !summary.contains("212.40"),
        "answers are not what it keeps: {summary}"
    );

    // A provider that is not there: no summary, and the caller folds.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let gone = closed.local_addr().unwrap().to_string();
    drop(closed);
    assert_eq!(summarizing(&gone).summarize(&turns, 60).await, None);
    // Without a summary model nothing is asked.
    assert_eq!(server().pipeline.summarize(&turns, 60).await, None);
}
