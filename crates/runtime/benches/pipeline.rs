//! Whole-pipeline benchmarks with embedded models and the built-in tools.
//!
//! `cargo bench -p runtime --bench pipeline` runs, in order:
//! 1. criterion: one request through the pipeline (World Cup under `return`, deep; a precise
//!    question that executes a program and synthesizes an answer);
//! 2. latency percentiles (p50, p99) of the same requests over 2,000 runs each, and each stage's
//!    mean over those runs; then the same percentiles with the 2,000 requests run one after
//!    another inside one task on the runtime's workers, as the HTTP server runs a connection's
//!    requests. (`block_on` polls its future on the bench's own thread, outside the worker pool,
//!    so each tool call's messages to the in-process servers' session tasks wake a worker and
//!    then the bench's thread again; on an otherwise idle machine those wake-ups are a sizeable
//!    part of the first figure.)
//! 3. a load generator: 16 concurrent HTTP clients against the real server on loopback for
//!    10 seconds, reporting requests per second and latency percentiles.
//!
//! Nothing here is asserted; the figures are printed for the closing note.

#![allow(missing_docs)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use contract::{QueryRequest, QueryResponse};
use criterion::Criterion;
use runtime::config::Config;
use runtime::http::AppState;
use runtime::pipeline::Pipeline;

fn world_cup() -> QueryRequest {
    let mut r = QueryRequest::new("Who will win the World Cup?");
    r.tools = Some(vec!["markets".into()]);
    r.query_depth = Some(contract::QueryDepth::Deep);
    r
}

fn precise() -> QueryRequest {
    let mut r = QueryRequest::new("Who will win the FIFA Women's World Cup 2027?");
    r.tools = Some(vec!["markets".into()]);
    r
}

async fn once(p: &Pipeline, r: QueryRequest) -> QueryResponse {
    p.run(r, None).await.expect("the request settles")
}

/// The latency of 2,000 runs of `request`, one after another.
async fn sequential(pipeline: Arc<Pipeline>, request: QueryRequest) -> Vec<Duration> {
    let mut out = Vec::with_capacity(2000);
    for _ in 0..2000 {
        let t = Instant::now();
        once(&pipeline, request.clone()).await;
        out.push(t.elapsed());
    }
    out
}

fn percentiles(mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q).round() as usize];
    (at(0.50), at(0.99))
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let pipeline = Arc::new(runtime::build_pipeline(&Config::default(), false).unwrap());
    // Warm the marketplace cache and check both scenarios settle as intended.
    let (a, b) = rt.block_on(async {
        (
            once(&pipeline, world_cup()).await,
            once(&pipeline, precise()).await,
        )
    });
    assert_eq!(a.outcome, contract::Outcome::ClarificationRequired);
    assert_eq!(b.outcome, contract::Outcome::Answer);

    let mut c = Criterion::default().configure_from_args();
    c.bench_function("pipeline/world_cup_deep_clarification", |bench| {
        bench.to_async(&rt).iter(|| once(&pipeline, world_cup()))
    });
    c.bench_function("pipeline/precise_question_answer", |bench| {
        bench.to_async(&rt).iter(|| once(&pipeline, precise()))
    });
    c.final_summary();

    for (name, request) in [
        ("world_cup_deep_clarification", world_cup()),
        ("precise_question_answer", precise()),
    ] {
        let before = pipeline.stage_latencies().totals();
        let samples = rt.block_on(sequential(Arc::clone(&pipeline), request.clone()));
        let (p50, p99) = percentiles(samples);
        println!("latency {name}: p50 {p50:?}, p99 {p99:?} (2000 sequential runs)");
        // Where the time went: each stage's mean over these runs (from the event before it to its
        // own, as `/metrics` counts it).
        let after = pipeline.stage_latencies().totals();
        let stages: Vec<String> = before
            .iter()
            .zip(&after)
            .filter(|(b, a)| a.1 > b.1)
            .map(|(b, a)| {
                let mean = (a.2 - b.2) / u32::try_from(a.1 - b.1).unwrap_or(u32::MAX);
                format!("{} {mean:.1?}", a.0.as_str())
            })
            .collect();
        println!("  stage means: {}", stages.join(", "));

        let samples = rt
            .block_on(rt.spawn(sequential(Arc::clone(&pipeline), request)))
            .expect("the measuring task completes");
        let (p50, p99) = percentiles(samples);
        println!(
            "latency {name}, in a task on a worker: p50 {p50:?}, p99 {p99:?} (2000 sequential runs)"
        );
    }

    load(&rt, Arc::clone(&pipeline));
}

/// 16 concurrent keep-alive clients for 10 seconds, alternating the two requests.
fn load(rt: &tokio::runtime::Runtime, pipeline: Arc<Pipeline>) {
    let server = runtime::config::ServerConfig::default();
    let state = AppState::new(pipeline, &server);
    let addr = rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            runtime::server::serve(listener, state, &server, std::future::pending())
                .await
                .unwrap()
        });
        addr
    });
    let url = format!("http://{addr}/api/v1/query");
    let bodies = [
        serde_json::to_vec(&world_cup()).unwrap(),
        serde_json::to_vec(&precise()).unwrap(),
    ];
    let duration = Duration::from_secs(10);
    let (count, mut latencies) = rt.block_on(async {
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(16)
            .build()
            .unwrap();
        let started = Instant::now();
        let mut tasks = Vec::new();
        for worker in 0..16 {
            let (client, url, bodies) = (client.clone(), url.clone(), bodies.clone());
            tasks.push(tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut i = worker;
                while started.elapsed() < duration {
                    let t = Instant::now();
                    let r = client
                        .post(&url)
                        .header("content-type", "application/json")
                        .body(bodies[i % 2].clone())
                        .send()
                        .await
                        .unwrap();
                    assert!(r.status().is_success());
                    r.bytes().await.unwrap();
                    latencies.push(t.elapsed());
                    i += 1;
                }
                latencies
            }));
        }
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.unwrap());
        }
        (all.len(), all)
    });
    latencies.sort();
    let (p50, p99) = percentiles(latencies);
    println!(
        "load: {count} requests in {duration:?} at concurrency 16 = {:.0} req/s (p50 {p50:?}, p99 {p99:?}; client and server share the 2 cores)",
        count as f64 / duration.as_secs_f64()
    );
}
