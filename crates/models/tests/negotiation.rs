//! Structured-output negotiation against scripted servers that take only some forms, the way
//! real ones do (llama-cpp-python's server refuses `json_schema` with a 500 naming the field and
//! takes `json_object` with a schema; some servers take no `response_format` at all): the first form
//! the server takes is used and remembered, every form shares one call's deadline, and the
//! tokens of a reply that could not be used are still reported.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::post;
use models::http::Policy;
use models::openai::{OpenAiCompatible, Structured};
use models::{Model, ModelError, ModelRequest, Usage};
use serde_json::{Value, json};

/// The `response_format.type` of each request a server saw (`none` when absent).
type Seen = Arc<Mutex<Vec<String>>>;

/// A server that takes the forms in `takes`, answering with `content` and a usage block; a
/// refused form gets a 422 after `refusal_delay`.
async fn server(
    takes: &'static [&'static str],
    content: Value,
    refusal_delay: Duration,
) -> (String, Seen) {
    let seen: Seen = Arc::default();
    let log = Arc::clone(&seen);
    let app = axum::Router::new().route(
        "/v1/chat/completions",
        post(move |Json(body): Json<Value>| {
            let log = Arc::clone(&log);
            let content = content.clone();
            async move {
                let form = body["response_format"]["type"].as_str().unwrap_or("none").to_owned();
                log.lock().unwrap().push(form.clone());
                if !takes.contains(&form.as_str()) {
                    tokio::time::sleep(refusal_delay).await;
                    // As llama-cpp-python's server does: a 500 whose body names the field.
                    let detail = json!({"error": {"message": format!("1 validation error: ('body', 'response_format', 'type') Input should be 'text' or 'json_object', not '{form}'"), "type": "internal_server_error"}});
                    return (StatusCode::INTERNAL_SERVER_ERROR, Json(detail)).into_response();
                }
                if form == "json_object" {
                    assert!(body["response_format"]["schema"].is_object(), "json_object without the schema");
                }
                if form != "json_schema" {
                    let system = body["messages"][0]["content"].as_str().unwrap();
                    assert!(system.contains("JSON Schema"), "the prompt does not carry the schema");
                }
                Json(json!({
                    "choices": [{"message": {"role": "assistant", "content": content.to_string()}}],
                    "usage": {"prompt_tokens": 120, "completion_tokens": 9, "total_tokens": 129}
                }))
                .into_response()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{addr}/v1"), seen)
}

fn model(url: &str, structured: Structured, timeout: Duration) -> OpenAiCompatible {
    let policy = Policy {
        timeout,
        ..Default::default()
    };
    OpenAiCompatible::new("small", url, "gemma", None, structured, policy)
}

fn request() -> ModelRequest {
    ModelRequest {
        stage: "judge",
        system: "Decide.".into(),
        user: "Which?".into(),
        schema: json!({"type": "object", "required": ["ok"], "properties": {"ok": {"type": "boolean"}}}),
        schema_name: "judge_decision",
        max_tokens: 20,
    }
}

fn forms(seen: &Seen) -> Vec<String> {
    std::mem::take(&mut *seen.lock().unwrap())
}

const TOKENS: Usage = Usage {
    input_tokens: 120,
    output_tokens: 9,
};

#[tokio::test]
async fn a_refused_json_schema_falls_back_to_json_object_and_is_remembered() {
    let (url, seen) = server(&["json_object"], json!({"ok": true}), Duration::ZERO).await;
    let m = model(&url, Structured::Auto, Duration::from_secs(5));
    let reply = m.generate(&request()).await.unwrap();
    assert_eq!(reply.json, json!({"ok": true}));
    assert_eq!(reply.usage, TOKENS);
    assert_eq!(forms(&seen), ["json_schema", "json_object"]);
    // Remembered: the next call asks the way that worked, once.
    m.generate(&request()).await.unwrap();
    assert_eq!(forms(&seen), ["json_object"]);
    // A clone (the same model in another stage) shares what was learned.
    m.clone().generate(&request()).await.unwrap();
    assert_eq!(forms(&seen), ["json_object"]);
}

#[tokio::test]
async fn a_server_without_structured_output_gets_prompt_instructed_json() {
    let (url, seen) = server(&["none"], json!({"ok": false}), Duration::ZERO).await;
    let m = model(&url, Structured::Auto, Duration::from_secs(5));
    assert_eq!(
        m.generate(&request()).await.unwrap().json,
        json!({"ok": false})
    );
    assert_eq!(forms(&seen), ["json_schema", "json_object", "none"]);
    m.generate(&request()).await.unwrap();
    assert_eq!(forms(&seen), ["none"]);
}

#[tokio::test]
async fn a_configured_form_is_never_renegotiated() {
    let (url, seen) = server(&["json_object"], json!({"ok": true}), Duration::ZERO).await;
    let m = model(&url, Structured::JsonSchema, Duration::from_secs(5));
    let e = m.generate(&request()).await.unwrap_err();
    assert!(
        matches!(e, ModelError::Refused { status: 500, .. }),
        "{e:?}"
    );
    assert_eq!(e.reason_code(), "provider_error");
    assert_eq!(forms(&seen), ["json_schema"]);
}

#[tokio::test]
async fn every_form_shares_one_deadline() {
    // Each refusal takes 600 ms and the call has 1 s: json_schema is refused, and the call
    // runs out of time while json_object is still waiting; the prompt form is never reached.
    // Had each form its own second, the prompt form would answer (at 1.8 s) and the call succeed.
    let (url, _) = server(&["none"], json!({"ok": true}), Duration::from_millis(600)).await;
    let m = model(&url, Structured::Auto, Duration::from_secs(1));
    let e = m.generate(&request()).await.unwrap_err();
    assert_eq!(e, ModelError::Timeout);
}

#[tokio::test]
async fn an_unusable_reply_still_reports_what_it_cost() {
    let (url, _) = server(&["json_schema"], json!({"ok": "maybe"}), Duration::ZERO).await;
    let m = model(&url, Structured::Auto, Duration::from_secs(5));
    let e = m.generate(&request()).await.unwrap_err();
    assert_eq!(e.reason_code(), "schema_invalid");
    assert_eq!(e.usage(), TOKENS);
}
