//! A real model server, as a new user would run one: llama-cpp-python's OpenAI-compatible server
//! with the Gemma 3 270M GGUF from PyPI (`SLUICE_TEST_LLAMA_URL`, the server's `…/v1`; `.ci/llama`
//! installs and starts it, and `.ci/run` sets `SLUICE_REQUIRE_LLAMA=1`). It checks the wiring,
//! not the small model's wisdom: the structured-output form this server refuses is negotiated
//! away, the tokens it reports are counted, and a request with every stage on it settles within
//! the request deadline.

use runtime::config::{Config, ModelSpec};
use serde_json::json;

use crate::support::{query_at, service_url, start};

fn on_the_small_model(url: &str) -> Config {
    let mut c = Config::default();
    let spec: ModelSpec = serde_json::from_value(json!({
        "provider": "openai", "base_url": url, "model": "gemma-3-270m", "timeout_ms": 30_000, "retries": 0
    }))
    .unwrap();
    c.models.registry.insert("small".into(), spec);
    c
}

#[tokio::test]
async fn a_real_small_model_server_is_negotiated_with_counted_and_bounded() {
    let Some(url) = service_url("SLUICE_TEST_LLAMA_URL", "SLUICE_REQUIRE_LLAMA") else {
        return;
    };

    // The judge alone: the server refuses json_schema, so the call must reach it another way.
    let mut c = on_the_small_model(&url);
    c.models.judge = Some("small".into());
    let server = start(c);
    for _ in 0..2 {
        let r = query_at(
            &server.url,
            json!({"query": "Who will win the World Cup?", "tools": ["markets"], "includeDeveloperTrace": true}),
        )
        .await;
        let d = &r["developerTrace"]["diagnostics"];
        assert_eq!(r["meta"]["modelCalls"], 1, "{r}");
        // Whatever the small model decided, the exchange itself worked.
        assert_ne!(d["fallbackReason"], "provider_error", "{d}");
        assert_ne!(d["fallbackReason"], "timeout", "{d}");
        assert!(r["meta"]["tokens"]["input"].as_u64().unwrap() > 0, "{r}");
        assert!(
            ["clarification_required", "answer"].contains(&r["outcome"].as_str().unwrap()),
            "{r}"
        );
    }

    // Every stage on the small model, under a deadline shorter than the model's own timeout:
    // the request settles (with deterministic fallbacks where the model ran out of time), never
    // a 504.
    let mut c = on_the_small_model(&url);
    c.models.judge = Some("small".into());
    c.models.planner = Some("small".into());
    c.models.completeness = Some("small".into());
    c.models.answer_models = vec!["small".into()];
    c.models.default_answer_model = "small".into();
    c.pipeline.request_deadline_ms = 8_000;
    let server = start(c);
    let r = query_at(
        &server.url,
        json!({"query": "What is the price of Solana?", "includeDeveloperTrace": true}),
    )
    .await;
    assert!(
        ["answer", "clarification_required", "capability_miss"]
            .contains(&r["outcome"].as_str().unwrap()),
        "{r}"
    );
    assert!(r["meta"]["modelCalls"].as_u64().unwrap() >= 1, "{r}");
    // /metrics adds up the same spend (none, when every call ran out of time on a busy machine).
    let m = crate::support::metrics_text(&server.url).await;
    let input: u64 = m
        .lines()
        .find_map(|l| l.strip_prefix("sluice_model_tokens_total{direction=\"input\"} "))
        .and_then(|v| v.parse().ok())
        .unwrap();
    assert_eq!(input, r["meta"]["tokens"]["input"].as_u64().unwrap(), "{m}");
}
