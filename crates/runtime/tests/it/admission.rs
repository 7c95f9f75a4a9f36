//! API keys and per-caller limits over HTTP: who gets a 401, who gets a 429 and when to come
//! back, what `/metrics` says, and that a key's text never comes back out.

use runtime::config::{AuthMode, Config};
use serde_json::{Value, json};

use crate::support::{client, fresh_dir, metrics_text, start};

/// A server under `config` with its own data directory, and a way to make keys in it.
async fn server_with_keys(mut config: Config) -> (String, access::KeyStore) {
    config.data_dir = Some(fresh_dir("sluice-admission"));
    let store = config.open_store().await.unwrap();
    let keys = access::KeyStore::open(store.pool().clone()).await.unwrap();
    (start(config).url, keys)
}

fn keys_required() -> Config {
    let mut config = Config::default();
    config.auth.mode = AuthMode::Keys;
    config
}

/// Sends `method path` with an optional `Authorization` value; returns status, headers, body.
async fn send(
    base: &str,
    method: &str,
    path: &str,
    authorization: Option<&str>,
    body: Option<Value>,
) -> (u16, reqwest::header::HeaderMap, String) {
    let url = format!("{base}{path}");
    let mut request = match method {
        "POST" => client().post(url),
        _ => client().get(url),
    };
    if let Some(a) = authorization {
        request = request.header("authorization", a);
    }
    if let Some(b) = body {
        request = request.json(&b);
    }
    let r = request.send().await.unwrap();
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    (status, headers, r.text().await.unwrap())
}

fn error(body: &str) -> (String, Option<String>, String) {
    let v: Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("not JSON: {body}"));
    let e = &v["error"];
    (
        e["code"].as_str().unwrap().to_owned(),
        e["field"].as_str().map(str::to_owned),
        e["message"].as_str().unwrap().to_owned(),
    )
}

const PRICE: &str = "What is the price of Solana?";

/// An anonymous chat turn asking the price question; returns its status and body.
async fn chat_turn(base: &str) -> (u16, String) {
    let (status, _, body) = send(
        base,
        "POST",
        "/api/chat",
        None,
        Some(json!({"message": PRICE})),
    )
    .await;
    (status, body)
}

#[tokio::test]
async fn keys_guard_the_api_and_the_chat_takes_anonymous_visitors() {
    let (base, keys) = server_with_keys(keys_required()).await;
    let made = keys.create("agent").await.unwrap();
    let bearer = format!("Bearer {}", made.key);
    let query = json!({"query": PRICE});

    // No key, a stranger's key, and a header of the wrong kind: 401 naming the header.
    for (authorization, says) in [
        (None, "needs an API key"),
        (
            Some("Bearer sluice_k000000000000_0000"),
            "unknown or revoked",
        ),
        (Some("Basic dXNlcjpwYXNz"), "'Bearer <key>'"),
    ] {
        let (status, headers, body) = send(
            &base,
            "POST",
            "/api/v1/query",
            authorization,
            Some(query.clone()),
        )
        .await;
        assert_eq!(status, 401, "{authorization:?}: {body}");
        assert_eq!(headers["www-authenticate"], "Bearer");
        let (code, field, message) = error(&body);
        assert_eq!(
            (code.as_str(), field.as_deref()),
            ("unauthorized", Some("Authorization"))
        );
        assert!(message.contains(says), "{message}");
    }
    let (status, _, _) = send(&base, "GET", "/api/v1/tools", None, None).await;
    assert_eq!(status, 401);

    // The live key is admitted, on both API endpoints.
    let (status, _, body) = send(
        &base,
        "POST",
        "/api/v1/query",
        Some(&bearer),
        Some(query.clone()),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["outcome"],
        "answer"
    );
    let (status, _, _) = send(&base, "GET", "/api/v1/tools", Some(&bearer), None).await;
    assert_eq!(status, 200);

    // The chat, its page and the open endpoints need no key.
    let (status, body) = chat_turn(&base).await;
    assert_eq!(status, 200, "{body}");
    for path in ["/", "/healthz", "/openapi.json", "/metrics"] {
        assert_eq!(send(&base, "GET", path, None, None).await.0, 200, "{path}");
    }

    // The key's text never comes back: not in responses, not in /metrics.
    let secret = made.key.rsplit('_').next().unwrap();
    let (_, headers, body) = send(
        &base,
        "POST",
        "/api/v1/query",
        Some(&bearer),
        Some(query.clone()),
    )
    .await;
    assert!(!body.contains(secret) && !format!("{headers:?}").contains(secret));
    let wrong = format!("Bearer {}0", &made.key[..made.key.len() - 1]);
    let (_, _, body) = send(
        &base,
        "POST",
        "/api/v1/query",
        Some(&wrong),
        Some(query.clone()),
    )
    .await;
    assert!(!body.contains(&made.key[..made.key.len() - 1]), "{body}");
    assert!(!metrics_text(&base).await.contains(secret));

    // Revoked: refused at once.
    keys.revoke("agent").await.unwrap();
    let (status, _, body) = send(&base, "POST", "/api/v1/query", Some(&bearer), Some(query)).await;
    assert_eq!(status, 401);
    assert!(error(&body).2.contains("revoked"));
}

#[tokio::test]
async fn each_key_has_its_own_window_and_a_refusal_says_when_to_return() {
    let mut config = keys_required();
    config.limits.requests_per_window = 2;
    config.limits.window_secs = 30;
    let (base, keys) = server_with_keys(config).await;
    let a = format!("Bearer {}", keys.create("a").await.unwrap().key);
    let b = format!("Bearer {}", keys.create("b").await.unwrap().key);
    for _ in 0..2 {
        assert_eq!(
            send(&base, "GET", "/api/v1/tools", Some(&a), None).await.0,
            200
        );
    }
    let (status, headers, body) = send(&base, "GET", "/api/v1/tools", Some(&a), None).await;
    assert_eq!(status, 429, "{body}");
    let wait: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=30).contains(&wait), "Retry-After {wait}");
    let (code, _, message) = error(&body);
    assert_eq!(code, "rate_limited");
    assert!(message.contains("2 requests allowed in 30 s"), "{message}");
    // Another key is not crowded out.
    assert_eq!(
        send(&base, "GET", "/api/v1/tools", Some(&b), None).await.0,
        200
    );
    let metrics = metrics_text(&base).await;
    assert!(
        metrics.contains("sluice_limiter_decisions_total{decision=\"refused_window\"} 1"),
        "{metrics}"
    );
    assert!(
        metrics.contains("sluice_limiter_decisions_total{decision=\"admitted\"} 3"),
        "{metrics}"
    );
    assert!(
        metrics.contains("sluice_limiter_store_up{store=\"memory\"} 1"),
        "{metrics}"
    );
}

#[tokio::test]
async fn anonymous_chat_visitors_have_a_daily_turn_quota_that_reading_does_not_spend() {
    let mut config = Config::default();
    config.limits.anonymous_turns_per_day = 2;
    let (base, _) = server_with_keys(config).await;
    for _ in 0..2 {
        let (status, body) = chat_turn(&base).await;
        assert_eq!(status, 200, "{body}");
    }
    // Reading threads is not a turn.
    for _ in 0..3 {
        assert_eq!(
            send(&base, "GET", "/api/chat/threads", None, None).await.0,
            200
        );
    }
    let (status, headers, body) = send(
        &base,
        "POST",
        "/api/v1/query",
        None,
        Some(json!({"query": PRICE})),
    )
    .await;
    assert_eq!(status, 429, "{body}");
    let (code, _, message) = error(&body);
    assert_eq!(code, "rate_limited");
    assert!(message.contains("2 turns for today"), "{message}");
    let wait: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=86_400).contains(&wait));
    assert!(
        metrics_text(&base)
            .await
            .contains("sluice_limiter_decisions_total{decision=\"refused_daily_turns\"} 1")
    );
}

#[tokio::test]
async fn an_unreachable_limit_store_fails_open_or_closed_as_configured() {
    for (mode, expected) in [
        (access::FailMode::Open, 200),
        (access::FailMode::Closed, 503),
    ] {
        let mut config = Config::default();
        config.limits.anonymous_requests_per_window = 100;
        // Nothing listens on loopback port 9.
        config.limits.redis_url = Some("redis://127.0.0.1:9/".into());
        config.limits.store_timeout_ms = 200;
        config.limits.on_store_error = mode;
        let (base, _) = server_with_keys(config).await;
        let (status, _, body) = send(&base, "GET", "/api/v1/tools", None, None).await;
        assert_eq!(status, expected, "{mode:?}: {body}");
        let metrics = metrics_text(&base).await;
        assert!(
            metrics.contains("sluice_limiter_store_errors_total{store=\"redis\"} 1"),
            "{metrics}"
        );
        assert!(
            metrics.contains("sluice_limiter_store_up{store=\"redis\"} 0"),
            "{metrics}"
        );
        let decision = format!("decision=\"failed_{}\"}} 1", mode.as_str());
        assert!(metrics.contains(&decision), "{metrics}");
        if expected == 503 {
            assert_eq!(error(&body).0, "overloaded");
        }
    }
}
