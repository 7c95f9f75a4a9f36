//! The chat turn's overhead over the bare pipeline: the same precise question sent in process
//! (through the router, no socket) as `POST /api/v1/query` and as `POST /api/chat`, interleaved,
//! 2,000 of each; p50 and p99 of both and of the difference. The chat runs on SQLite in a fresh
//! directory, and on PostgreSQL too when `SLUICE_TEST_POSTGRES_URL` names one
//! (`SLUICE_TEST_POSTGRES_URL=$(.ci/postgres) cargo bench -p runtime --bench chat`).
//!
//! Nothing here is asserted; the figures are printed for the closing note.

#![allow(missing_docs)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use runtime::config::Config;
use runtime::http::AppState;
use serde_json::{Value, json};
use tower::ServiceExt;

const RUNS: usize = 2_000;
const QUESTION: &str = "Who will win the FIFA Women's World Cup 2027?";

fn percentiles(mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q).round() as usize];
    (at(0.50), at(0.99))
}

async fn post(app: &axum::Router, path: &str, body: &Value) -> (Duration, Value) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let started = Instant::now();
    let response = app.clone().oneshot(request).await.unwrap();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let elapsed = started.elapsed();
    (elapsed, serde_json::from_slice(&bytes).unwrap())
}

/// `turns_per_thread`: 1 starts a thread with every message (storage alone); more continues a
/// thread that long (storage, and the history the pipeline then reads).
async fn measure(label: &str, app: &axum::Router, turns_per_thread: usize) {
    let query =
        json!({"query": QUESTION, "tools": ["markets"], "responseShape": "answer_with_evidence"});
    let mut bare = Vec::with_capacity(RUNS);
    let mut chat = Vec::with_capacity(RUNS);
    let mut thread: Option<String> = None;
    for i in 0..RUNS + 50 {
        let (t, v) = post(app, "/api/v1/query", &query).await;
        assert_eq!(v["outcome"], "answer", "{v}");
        // A thread takes `turns_per_thread` turns, then a new one starts.
        let mut message = json!({"message": QUESTION, "tools": ["markets"]});
        if let Some(id) = &thread {
            message = json!({"message": QUESTION, "threadId": id});
        }
        let (c, v) = post(app, "/api/chat", &message).await;
        assert_eq!(v["reply"]["envelope"]["outcome"], "answer", "{v}");
        thread =
            ((i + 1) % turns_per_thread != 0).then(|| v["threadId"].as_str().unwrap().to_owned());
        if i >= 50 {
            bare.push(t);
            chat.push(c);
        }
    }
    let overhead: Vec<Duration> = chat
        .iter()
        .zip(&bare)
        .map(|(c, b)| c.saturating_sub(*b))
        .collect();
    let (bp50, bp99) = percentiles(bare);
    let (cp50, cp99) = percentiles(chat);
    let (op50, op99) = percentiles(overhead);
    println!(
        "{label:<11} {turns_per_thread:>3} turn(s)/thread: bare query p50 {bp50:>9.3?} p99 {bp99:>9.3?} | chat turn p50 {cp50:>9.3?} p99 {cp99:>9.3?} | overhead p50 {op50:>9.3?} p99 {op99:>9.3?}"
    );
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let config = Config::default();
    let pipeline = Arc::new(runtime::build_pipeline(&config, false).unwrap());
    rt.block_on(async {
        let mut backends = vec![("SQLite", None)];
        match std::env::var("SLUICE_TEST_POSTGRES_URL") {
            Ok(url) => backends.push(("PostgreSQL", Some(url))),
            Err(_) => println!("SLUICE_TEST_POSTGRES_URL is not set: PostgreSQL is not measured"),
        }
        for (label, url) in backends {
            let mut config = config.clone();
            config.chat.database_url = url;
            config.data_dir =
                Some(std::env::temp_dir().join(format!("sluice-bench-{}", chat::new_thread_id())));
            config.chat.max_turns_per_thread = 1_000;
            let store = config.open_store().await.unwrap();
            let state = AppState::new(Arc::clone(&pipeline), &config.server)
                .with_chat(store, config.chat.clone());
            let app = runtime::http::app(state);
            measure(label, &app, 1).await;
            measure(label, &app, 20).await;
        }
    });
}
