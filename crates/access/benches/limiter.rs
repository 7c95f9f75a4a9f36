//! The latency a limit check adds to a request, p50 and p99, in process and (when `REDIS_URL` or
//! `SLUICE_TEST_REDIS_URL` names a server) in Redis: `cargo bench -p access --bench limiter`.
//! Also the cost of checking an API key in a SQLite file. Figures are printed, never asserted.

use std::time::{Duration, Instant};

use access::{Charge, FailMode, Limiter, Rule};

const CHECKS: usize = 20_000;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at]
}

async fn measure(name: &str, limiter: &Limiter) {
    // Many callers, a limit none of them reaches: every check reads, decides and writes.
    let rule = Rule {
        requests: 1_000_000,
        window: Duration::from_secs(60),
        turns_per_day: 1_000_000,
    };
    let run = std::process::id();
    for i in 0..1_000 {
        limiter
            .check(&format!("warm-{run}-{i}"), &rule, Charge::Turn)
            .await;
    }
    let mut took = Vec::with_capacity(CHECKS);
    for i in 0..CHECKS {
        let who = format!("bench-{run}-{}", i % 500);
        let started = Instant::now();
        limiter.check(&who, &rule, Charge::Turn).await;
        took.push(started.elapsed());
    }
    took.sort();
    println!(
        "limiter {name:<8} {CHECKS} checks: p50 {:>8.1} µs  p99 {:>8.1} µs",
        percentile(&took, 0.50).as_secs_f64() * 1e6,
        percentile(&took, 0.99).as_secs_f64() * 1e6
    );
}

async fn measure_keys() {
    sqlx::any::install_default_drivers();
    let file = std::env::temp_dir().join(format!("sluice-bench-keys-{}.db", std::process::id()));
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(4)
        .connect(&format!("sqlite://{}?mode=rwc", file.display()))
        .await
        .unwrap();
    let keys = access::KeyStore::open(pool).await.unwrap();
    let made = keys.create("bench").await.unwrap();
    let mut took = Vec::with_capacity(CHECKS / 4);
    for _ in 0..CHECKS / 4 {
        let started = Instant::now();
        assert!(keys.verify(&made.key).await.unwrap().is_some());
        took.push(started.elapsed());
    }
    took.sort();
    println!(
        "key check (SQLite) {} checks: p50 {:>8.1} µs  p99 {:>8.1} µs",
        took.len(),
        percentile(&took, 0.50).as_secs_f64() * 1e6,
        percentile(&took, 0.99).as_secs_f64() * 1e6
    );
    let _ = std::fs::remove_file(&file);
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        measure("memory", &Limiter::in_process()).await;
        measure_keys().await;
        let url = std::env::var("REDIS_URL")
            .or_else(|_| std::env::var("SLUICE_TEST_REDIS_URL"))
            .ok()
            .filter(|u| !u.is_empty());
        match url {
            Some(url) => {
                let limiter =
                    Limiter::redis(&url, Duration::from_secs(1), FailMode::Closed).unwrap();
                measure("redis", &limiter).await;
                assert!(
                    limiter.stats().store_reachable,
                    "Redis at {url} did not answer"
                );
            }
            None => println!("limiter redis: REDIS_URL is not set; the Redis figure is skipped"),
        }
    });
}
