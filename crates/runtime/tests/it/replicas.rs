//! Two `sluice serve` processes sharing one key table (the data directory's SQLite file) and one
//! Redis (`SLUICE_TEST_REDIS_URL`; `.ci/run` starts one and sets `SLUICE_REQUIRE_REDIS=1`):
//! keys made and revoked with the `sluice keys` command hold on both at once, and under
//! concurrency the two together admit exactly the limit.

use std::process::{Command, Output};

use futures::StreamExt;

use crate::support::{SluiceProcess, client, fresh_dir, metrics_text, service_url};

/// Runs `sluice --config CONFIG --data-dir DATA ARGS…`.
fn sluice(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sluice"))
        .arg("--config")
        .arg(dir.join("sluice.toml"))
        .arg("--data-dir")
        .arg(dir.join("data"))
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_share_one_limit_and_one_key_table() {
    let Some(redis) = service_url("SLUICE_TEST_REDIS_URL", "SLUICE_REQUIRE_REDIS") else {
        return;
    };
    let dir = fresh_dir("sluice-replicas");
    std::fs::write(
        dir.join("sluice.toml"),
        // A loaded CI machine may take longer than the default 250 ms to open the first Redis
        // connection; this test is about sharing one limit, not about that timeout.
        "[auth]\nmode = \"keys\"\n\n[limits]\nrequests_per_window = 20\nwindow_secs = 300\non_store_error = \"closed\"\nstore_timeout_ms = 5000\n",
    )
    .unwrap();

    // The key is printed once, alone on stdout; the listing never shows it.
    let made = sluice(&dir, &["keys", "create", "--name", "replicas"]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let key = text(&made.stdout).trim().to_owned();
    assert!(key.starts_with("sluice_") && !key.contains('\n'), "{key}");
    let secret = key.rsplit('_').next().unwrap().to_owned();
    assert!(!text(&made.stderr).contains(&secret));
    let listed = sluice(&dir, &["keys", "list"]);
    let listing = text(&listed.stdout);
    assert!(
        listing.contains("replicas") && listing.contains("live"),
        "{listing}"
    );
    assert!(!listing.contains(&secret));
    let unknown = sluice(&dir, &["keys", "revoke", "nobody"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        text(&unknown.stderr).contains("no live key"),
        "{}",
        text(&unknown.stderr)
    );

    let replica = || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_sluice"));
        command
            .arg("--config")
            .arg(dir.join("sluice.toml"))
            .arg("--data-dir")
            .arg(dir.join("data"))
            .args(["serve", "--port", "0", "--bind", "127.0.0.1"])
            .env_remove("DATABASE_URL")
            .env("REDIS_URL", &redis)
            // Everything the server logs, so that the canary below has something to read.
            .env("RUST_LOG", "debug");
        SluiceProcess::start(command, None)
    };
    let replicas = [replica(), replica()];

    let bearer = format!("Bearer {key}");
    let client = client();
    let statuses: Vec<u16> = futures::stream::iter(0..60)
        .map(|i| {
            let request = client
                .get(format!("{}/api/v1/tools", replicas[i % 2].url))
                .header("authorization", &bearer);
            async move { request.send().await.unwrap().status().as_u16() }
        })
        .buffer_unordered(16)
        .collect()
        .await;
    let admitted = statuses.iter().filter(|&&s| s == 200).count();
    let refused = statuses.iter().filter(|&&s| s == 429).count();
    assert_eq!((admitted, refused), (20, 40), "{statuses:?}");
    let mut counted = 0;
    for r in &replicas {
        let metrics = metrics_text(&r.url).await;
        let line = metrics
            .lines()
            .find(|l| l.starts_with("sluice_limiter_decisions_total{decision=\"admitted\"}"))
            .unwrap();
        counted += line.rsplit(' ').next().unwrap().parse::<usize>().unwrap();
        assert!(metrics.contains("sluice_limiter_store_up{store=\"redis\"} 1"));
    }
    assert_eq!(counted, 20);

    // A wrong key, then the revoked key: refused by both replicas at once.
    let wrong = format!("Bearer {}0", &key[..key.len() - 1]);
    let revoked = sluice(&dir, &["keys", "revoke", "replicas"]);
    assert!(revoked.status.success(), "{}", text(&revoked.stderr));
    for r in &replicas {
        for authorization in [&wrong, &bearer] {
            let status = client
                .get(format!("{}/api/v1/tools", r.url))
                .header("authorization", authorization)
                .send()
                .await
                .unwrap()
                .status();
            assert_eq!(status.as_u16(), 401);
        }
    }

    // The canary: neither replica's log holds any part of the secret.
    for r in &replicas {
        let log = r.log();
        assert!(
            log.contains("admission"),
            "the debug log was not captured:\n{log}"
        );
        assert!(
            !log.contains(&secret[..16]),
            "a replica logged the key:\n{log}"
        );
    }
    drop(replicas);
    let _ = std::fs::remove_dir_all(&dir);
}
