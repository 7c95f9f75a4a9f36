//! A load generator for a running `sluice serve`.
//!
//! ```sh
//! cargo run --release -p runtime --example load -- --url http://127.0.0.1:8080 \
//!     --seconds 60 --concurrency 16 [--pid PID]
//! cargo run --release -p runtime --example load -- --url http://127.0.0.1:8080 \
//!     --seconds 600 --rate 500 [--pid PID]
//! ```
//!
//! `--concurrency N` keeps N requests in flight (closed loop: throughput); `--rate R` starts R
//! requests a second whatever the answers take (open loop: latency under a steady load). The
//! requests alternate between a clarification (World Cup, deep) and a precise question that runs
//! a program and synthesizes an answer, over the built-in tools. With `--pid`, the server's
//! resident memory and open descriptors are read from `/proc` before and after.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::Mutex;

struct Args {
    url: String,
    seconds: u64,
    concurrency: usize,
    rate: Option<u64>,
    pid: Option<u32>,
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        url: "http://127.0.0.1:8080".into(),
        seconds: 10,
        concurrency: 16,
        rate: None,
        pid: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        let number = |v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag}: not a number: {v}"))
        };
        match flag.as_str() {
            "--url" => args.url = value()?,
            "--seconds" => args.seconds = number(value()?)?,
            "--concurrency" => args.concurrency = number(value()?)? as usize,
            "--rate" => args.rate = Some(number(value()?)?),
            "--pid" => args.pid = Some(number(value()?)? as u32),
            other => return Err(format!("unknown flag {other}")),
        }
    }
    if args.concurrency == 0 || args.seconds == 0 || args.rate == Some(0) {
        return Err("--seconds, --concurrency and --rate must be at least 1".into());
    }
    Ok(args)
}

/// Resident memory (KiB) and open descriptors of `pid`.
fn footprint(pid: u32) -> Option<(u64, usize)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?.count();
    Some((rss, fds))
}

#[derive(Default)]
struct Tally {
    latencies: Mutex<Vec<Duration>>,
    failures: AtomicU64,
    sent: AtomicU64,
}

async fn one(client: &reqwest::Client, url: &str, body: &'static str, tally: &Tally) {
    tally.sent.fetch_add(1, Ordering::Relaxed);
    let started = Instant::now();
    let ok = match client
        .post(url)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
    {
        Ok(r) => r.status().is_success() && r.bytes().await.is_ok(),
        Err(_) => false,
    };
    if ok {
        tally.latencies.lock().await.push(started.elapsed());
    } else {
        tally.failures.fetch_add(1, Ordering::Relaxed);
    }
}

const BODIES: [&str; 2] = [
    r#"{"query": "Who will win the World Cup?", "tools": ["markets"], "queryDepth": "deep"}"#,
    r#"{"query": "Who will win the FIFA Women's World Cup 2027?", "tools": ["markets"]}"#,
];

#[tokio::main]
async fn main() {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let url = format!("{}/api/v1/query", args.url.trim_end_matches('/'));
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .pool_max_idle_per_host(args.concurrency.max(64))
        .build()
        .expect("an HTTP client");
    let before = args.pid.and_then(footprint);
    let tally = Arc::new(Tally::default());
    let duration = Duration::from_secs(args.seconds);
    let started = Instant::now();
    match args.rate {
        None => {
            let mut workers = Vec::new();
            for w in 0..args.concurrency {
                let (client, url, tally) = (client.clone(), url.clone(), Arc::clone(&tally));
                workers.push(tokio::spawn(async move {
                    let mut i = w;
                    while started.elapsed() < duration {
                        one(&client, &url, BODIES[i % 2], &tally).await;
                        i += 1;
                    }
                }));
            }
            for w in workers {
                let _ = w.await;
            }
        }
        Some(rate) => {
            let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / rate as f64));
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
            let mut running = tokio::task::JoinSet::new();
            let mut i = 0usize;
            while started.elapsed() < duration {
                tick.tick().await;
                let (client, url, tally) = (client.clone(), url.clone(), Arc::clone(&tally));
                running.spawn(async move { one(&client, &url, BODIES[i % 2], &tally).await });
                i += 1;
                while running.try_join_next().is_some() {}
            }
            while running.join_next().await.is_some() {}
        }
    }
    let elapsed = started.elapsed();
    // Let the server settle idle connections before the second reading.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = args.pid.and_then(footprint);

    let mut latencies = std::mem::take(&mut *tally.latencies.lock().await);
    latencies.sort();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    let mode = match args.rate {
        Some(r) => format!("rate {r} req/s"),
        None => format!("concurrency {}", args.concurrency),
    };
    println!(
        "{mode}, {:.0} s: {} sent, {} answered 2xx, {} failed; {:.0} req/s; p50 {:?}, p99 {:?}, max {:?}",
        elapsed.as_secs_f64(),
        tally.sent.load(Ordering::Relaxed),
        latencies.len(),
        tally.failures.load(Ordering::Relaxed),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        at(0.50),
        at(0.99),
        latencies.last().copied().unwrap_or_default(),
    );
    if let (Some((rss0, fd0)), Some((rss1, fd1))) = (before, after) {
        println!(
            "server: RSS {:.1} MiB before, {:.1} MiB after; open descriptors {fd0} before, {fd1} after",
            rss0 as f64 / 1024.0,
            rss1 as f64 / 1024.0
        );
    }
    if tally.failures.load(Ordering::Relaxed) > 0 {
        std::process::exit(1);
    }
}
