//! The Redis store against a real server (`SLUICE_TEST_REDIS_URL`; `.ci/run` starts Debian's
//! `redis-server` on loopback). Skipped with a message when the variable is unset, unless
//! `SLUICE_REQUIRE_REDIS=1`.

use std::sync::Arc;
use std::time::Duration;

use access::{Charge, Decision, FailMode, Limit, Limiter, Rule};

fn redis_url() -> Option<String> {
    match std::env::var("SLUICE_TEST_REDIS_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var("SLUICE_REQUIRE_REDIS").as_deref() != Ok("1"),
                "SLUICE_REQUIRE_REDIS=1 but SLUICE_TEST_REDIS_URL is not set"
            );
            eprintln!("SLUICE_TEST_REDIS_URL is not set: the Redis limiter tests are skipped");
            None
        }
    }
}

fn unique(name: &str) -> String {
    let at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{name}-{}-{at}", std::process::id())
}

/// Two limiters on one Redis behave as two replicas: under concurrency, together they admit
/// exactly the window's limit, and the refusals say when to come back.
#[tokio::test]
async fn two_limiters_share_one_window_exactly() {
    let Some(url) = redis_url() else { return };
    let t = Duration::from_secs(2);
    let a = Arc::new(Limiter::redis(&url, t, FailMode::Closed).unwrap());
    let b = Arc::new(Limiter::redis(&url, t, FailMode::Closed).unwrap());
    let rule = Rule {
        requests: 25,
        window: Duration::from_secs(60),
        turns_per_day: 0,
    };
    let who = unique("window");
    let mut tasks = Vec::new();
    for i in 0..80 {
        let limiter = Arc::clone(if i % 2 == 0 { &a } else { &b });
        let who = who.clone();
        tasks.push(tokio::spawn(async move {
            limiter.check(&who, &rule, Charge::Request).await
        }));
    }
    let mut admitted = 0;
    for task in tasks {
        match task.await.unwrap() {
            Decision::Admitted => admitted += 1,
            Decision::Refused {
                limit: Limit::Window { requests: 25, .. },
                retry_after,
            } => assert!(retry_after > Duration::ZERO && retry_after <= Duration::from_secs(60)),
            other => panic!("unexpected decision {other:?}"),
        }
    }
    assert_eq!(admitted, 25);
    assert_eq!(a.stats().admitted + b.stats().admitted, 25);
    assert_eq!(a.stats().refused_window + b.stats().refused_window, 55);
}

/// The daily quota is shared too, and only turns spend it.
#[tokio::test]
async fn two_limiters_share_one_daily_quota() {
    let Some(url) = redis_url() else { return };
    let t = Duration::from_secs(2);
    let a = Limiter::redis(&url, t, FailMode::Closed).unwrap();
    let b = Limiter::redis(&url, t, FailMode::Closed).unwrap();
    let rule = Rule {
        requests: 0,
        window: Duration::from_secs(60),
        turns_per_day: 3,
    };
    let who = unique("quota");
    for _ in 0..5 {
        assert_eq!(
            a.check(&who, &rule, Charge::Request).await,
            Decision::Admitted
        );
    }
    assert_eq!(a.check(&who, &rule, Charge::Turn).await, Decision::Admitted);
    assert_eq!(b.check(&who, &rule, Charge::Turn).await, Decision::Admitted);
    assert_eq!(a.check(&who, &rule, Charge::Turn).await, Decision::Admitted);
    let refused = b.check(&who, &rule, Charge::Turn).await;
    assert!(
        matches!(refused, Decision::Refused { limit: Limit::DailyTurns { turns: 3 }, retry_after } if retry_after <= Duration::from_secs(86_400)),
        "{refused:?}"
    );
    assert!(a.stats().store_reachable && b.stats().store_reachable);
}
