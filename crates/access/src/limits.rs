//! How often a caller may come: a sliding-window request limit and a daily turn quota per
//! caller, kept in this process or in Redis so that several replicas share one budget.
//!
//! Both stores keep the same record per caller: the times of the requests admitted in the last
//! window (a sliding log, so a limit of N admits exactly N in any window, with no burst at a
//! window's edge) and the turns taken on the current UTC day. In Redis one Lua script reads,
//! decides and writes atomically, on the Redis server's clock, so replicas with skewed clocks
//! still agree.
//!
//! Invariants: a refused request is not counted; a request that is not a turn never spends the
//! daily quota; when the store cannot be reached in time the configured [`FailMode`] decides,
//! once per request, and the change of state is logged once and counted.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const DAY_MS: i64 = 86_400_000;

/// How many callers the in-process store keeps before it drops the idle ones.
const SWEEP_AT: usize = 4_096;

/// The limits on one caller. A zero is no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// Requests admitted in any `window`.
    pub requests: u32,
    /// The sliding window.
    pub window: Duration,
    /// Turns (queries and chat messages) admitted per UTC day.
    pub turns_per_day: u32,
}

impl Rule {
    /// Whether this rule limits nothing.
    pub fn is_open(&self) -> bool {
        self.requests == 0 && self.turns_per_day == 0
    }
}

/// What a request spends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charge {
    /// One request in the window.
    Request,
    /// One request in the window and one turn of the day's quota.
    Turn,
}

/// Which limit refused a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The sliding-window request limit.
    Window {
        /// Requests per window.
        requests: u32,
        /// The window.
        window: Duration,
    },
    /// The daily turn quota.
    DailyTurns {
        /// Turns per UTC day.
        turns: u32,
    },
}

/// Whether a request may go on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// It may.
    Admitted,
    /// A limit is spent; the caller may try again after `retry_after`.
    Refused {
        /// The limit.
        limit: Limit,
        /// How long until it admits again.
        retry_after: Duration,
    },
    /// The shared store cannot be reached and the limiter fails closed.
    Unavailable,
}

impl Decision {
    /// A refusal in words a caller can act on.
    pub fn message(&self) -> String {
        let wait = |d: &Duration| d.as_secs().max(1);
        match self {
            Decision::Admitted => "admitted".into(),
            Decision::Refused {
                limit: Limit::Window { requests, window },
                retry_after,
            } => format!(
                "this caller has made its {requests} requests allowed in {} s; retry in {} s",
                window.as_secs().max(1),
                wait(retry_after)
            ),
            Decision::Refused {
                limit: Limit::DailyTurns { turns },
                retry_after,
            } => format!(
                "this caller has taken its {turns} turns for today (UTC); the quota renews in {} s",
                wait(retry_after)
            ),
            Decision::Unavailable => {
                "request limits cannot be checked right now; retry shortly".into()
            }
        }
    }
}

/// What the limiter does when its shared store does not answer (`open` or `closed` in the
/// configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FailMode {
    /// Admit the request (availability over enforcement).
    Open,
    /// Refuse it (enforcement over availability).
    Closed,
}

impl FailMode {
    /// The configuration word for this mode.
    pub fn as_str(self) -> &'static str {
        match self {
            FailMode::Open => "open",
            FailMode::Closed => "closed",
        }
    }
}

/// Why a limiter could not be built.
#[derive(Debug, thiserror::Error)]
pub enum LimitError {
    /// The Redis URL cannot be used.
    #[error("REDIS_URL is not a Redis URL: {0}")]
    BadUrl(String),
}

/// Decisions so far, for `/metrics`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LimiterStats {
    /// Requests admitted.
    pub admitted: u64,
    /// Requests refused by the window limit.
    pub refused_window: u64,
    /// Requests refused by the daily quota.
    pub refused_daily: u64,
    /// Checks the store did not answer.
    pub store_errors: u64,
    /// Of those, requests admitted anyway (failing open).
    pub failed_open: u64,
    /// Of those, requests refused (failing closed).
    pub failed_closed: u64,
    /// Whether the last check reached the store.
    pub store_reachable: bool,
}

/// The limiter.
pub struct Limiter {
    store: Store,
    on_error: FailMode,
    reachable: AtomicBool,
    counts: Counts,
}

/// The decisions so far, one counter each (see [`LimiterStats`]).
#[derive(Default)]
struct Counts {
    admitted: AtomicU64,
    refused_window: AtomicU64,
    refused_daily: AtomicU64,
    store_errors: AtomicU64,
    failed_open: AtomicU64,
    failed_closed: AtomicU64,
}

impl std::fmt::Debug for Limiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limiter")
            .field("store", &self.store_name())
            .field("on_error", &self.on_error)
            .finish()
    }
}

enum Store {
    Memory(Mutex<HashMap<String, Usage>>),
    Redis(RedisStore),
}

struct RedisStore {
    connection: redis::aio::ConnectionManager,
    script: redis::Script,
    timeout: Duration,
    /// Makes each admitted request's entry in the shared log unique across replicas.
    nonce_prefix: String,
    nonce: AtomicU64,
}

/// One caller's record in the in-process store.
#[derive(Debug, Default)]
struct Usage {
    admitted: VecDeque<i64>,
    day: i64,
    turns: u32,
}

/// The window check and the quota check in one atomic step, on Redis's clock.
/// KEYS: the window log, the quota counter's prefix. ARGV: window ms, requests, turns per day,
/// whether this is a turn, the entry's unique name. Returns {0, 0} when admitted, {1, wait ms}
/// for the window, {2, wait ms} for the quota.
const SCRIPT: &str = r"
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local requests = tonumber(ARGV[2])
local per_day = tonumber(ARGV[3])
if requests > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
  if redis.call('ZCARD', KEYS[1]) >= requests then
    local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    return {1, math.max(1, tonumber(oldest[2]) + window - now)}
  end
end
local day = math.floor(now / 86400000)
local quota = KEYS[2] .. ':' .. day
if ARGV[4] == '1' and per_day > 0 then
  local used = tonumber(redis.call('GET', quota) or '0')
  if used >= per_day then
    return {2, (day + 1) * 86400000 - now}
  end
  redis.call('INCR', quota)
  redis.call('PEXPIRE', quota, 2 * 86400000)
end
if requests > 0 then
  redis.call('ZADD', KEYS[1], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[1], window)
end
return {0, 0}
";

impl Limiter {
    /// A limiter that keeps its records in this process.
    pub fn in_process() -> Self {
        Self::with(Store::Memory(Mutex::default()), FailMode::Open)
    }

    /// A limiter that keeps its records in Redis at `url`, shared by every replica pointed at
    /// it. It connects on first use and reconnects by itself; a check that gets no answer within
    /// `timeout` is decided by `on_error`.
    pub fn redis(url: &str, timeout: Duration, on_error: FailMode) -> Result<Self, LimitError> {
        let client = redis::Client::open(url).map_err(|e| LimitError::BadUrl(e.to_string()))?;
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(timeout))
            .set_response_timeout(Some(timeout))
            .set_number_of_retries(1)
            .set_max_delay(Duration::from_secs(1));
        let connection = redis::aio::ConnectionManager::new_lazy_with_config(client, config)
            .map_err(|e| LimitError::BadUrl(e.to_string()))?;
        let mut seed = [0u8; 8];
        if getrandom::fill(&mut seed).is_err() {
            seed = now_ms().to_le_bytes();
        }
        let nonce_prefix = seed.iter().map(|b| format!("{b:02x}")).collect();
        Ok(Self::with(
            Store::Redis(RedisStore {
                connection,
                script: redis::Script::new(SCRIPT),
                timeout,
                nonce_prefix,
                nonce: AtomicU64::new(0),
            }),
            on_error,
        ))
    }

    fn with(store: Store, on_error: FailMode) -> Self {
        Self {
            store,
            on_error,
            reachable: AtomicBool::new(true),
            counts: Default::default(),
        }
    }

    /// `memory` or `redis`.
    pub fn store_name(&self) -> &'static str {
        match self.store {
            Store::Memory(_) => "memory",
            Store::Redis(_) => "redis",
        }
    }

    /// What the limiter does when its store does not answer.
    pub fn fail_mode(&self) -> FailMode {
        self.on_error
    }

    /// Decides whether `who` may spend `charge` under `rule`, and spends it when it may.
    pub async fn check(&self, who: &str, rule: &Rule, charge: Charge) -> Decision {
        if rule.is_open() {
            return self.count(Decision::Admitted);
        }
        let decided = match &self.store {
            Store::Memory(callers) => Ok(memory_check(callers, who, rule, charge, now_ms())),
            Store::Redis(store) => store.check(who, rule, charge).await,
        };
        match decided {
            Ok(decision) => {
                if !self.reachable.swap(true, Ordering::Relaxed) {
                    tracing::info!(
                        store = self.store_name(),
                        "the rate-limit store answers again"
                    );
                }
                self.count(decision)
            }
            Err(reason) => {
                self.counts.store_errors.fetch_add(1, Ordering::Relaxed);
                if self.reachable.swap(false, Ordering::Relaxed) {
                    tracing::warn!(
                        store = self.store_name(),
                        error = %reason,
                        "the rate-limit store does not answer; failing {}",
                        self.on_error.as_str()
                    );
                }
                match self.on_error {
                    FailMode::Open => {
                        self.counts.failed_open.fetch_add(1, Ordering::Relaxed);
                        Decision::Admitted
                    }
                    FailMode::Closed => {
                        self.counts.failed_closed.fetch_add(1, Ordering::Relaxed);
                        Decision::Unavailable
                    }
                }
            }
        }
    }

    /// Counts a decision the store made.
    fn count(&self, decision: Decision) -> Decision {
        let counter = match decision {
            Decision::Admitted => &self.counts.admitted,
            Decision::Refused {
                limit: Limit::Window { .. },
                ..
            } => &self.counts.refused_window,
            Decision::Refused {
                limit: Limit::DailyTurns { .. },
                ..
            } => &self.counts.refused_daily,
            Decision::Unavailable => &self.counts.failed_closed,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        decision
    }

    /// The decisions so far.
    pub fn stats(&self) -> LimiterStats {
        let c = &self.counts;
        let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
        LimiterStats {
            admitted: n(&c.admitted),
            refused_window: n(&c.refused_window),
            refused_daily: n(&c.refused_daily),
            store_errors: n(&c.store_errors),
            failed_open: n(&c.failed_open),
            failed_closed: n(&c.failed_closed),
            store_reachable: self.reachable.load(Ordering::Relaxed),
        }
    }
}

fn memory_check(
    callers: &Mutex<HashMap<String, Usage>>,
    who: &str,
    rule: &Rule,
    charge: Charge,
    now: i64,
) -> Decision {
    let mut callers = callers
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let window = i64::try_from(rule.window.as_millis()).unwrap_or(i64::MAX);
    if callers.len() >= SWEEP_AT {
        let today = now.div_euclid(DAY_MS);
        callers.retain(|_, u| {
            u.admitted.back().is_some_and(|&t| t > now - window) || (u.day == today && u.turns > 0)
        });
    }
    let usage = callers.entry(who.to_owned()).or_default();
    if rule.requests > 0 {
        while usage.admitted.front().is_some_and(|&t| t <= now - window) {
            usage.admitted.pop_front();
        }
        if usage.admitted.len() >= rule.requests as usize {
            let oldest = usage.admitted.front().copied().unwrap_or(now);
            return Decision::Refused {
                limit: Limit::Window {
                    requests: rule.requests,
                    window: rule.window,
                },
                retry_after: millis((oldest + window - now).max(1)),
            };
        }
    }
    let day = now.div_euclid(DAY_MS);
    if usage.day != day {
        usage.day = day;
        usage.turns = 0;
    }
    if charge == Charge::Turn && rule.turns_per_day > 0 {
        if usage.turns >= rule.turns_per_day {
            return Decision::Refused {
                limit: Limit::DailyTurns {
                    turns: rule.turns_per_day,
                },
                retry_after: millis((day + 1) * DAY_MS - now),
            };
        }
        usage.turns += 1;
    }
    if rule.requests > 0 {
        usage.admitted.push_back(now);
    }
    Decision::Admitted
}

impl RedisStore {
    async fn check(&self, who: &str, rule: &Rule, charge: Charge) -> Result<Decision, String> {
        let nonce = format!(
            "{}:{}",
            self.nonce_prefix,
            self.nonce.fetch_add(1, Ordering::Relaxed)
        );
        let mut connection = self.connection.clone();
        let mut invocation = self.script.prepare_invoke();
        invocation
            .key(format!("sluice:limits:{{{who}}}:window"))
            .key(format!("sluice:limits:{{{who}}}:turns"))
            .arg(u64::try_from(rule.window.as_millis()).unwrap_or(u64::MAX))
            .arg(rule.requests)
            .arg(rule.turns_per_day)
            .arg(u8::from(charge == Charge::Turn))
            .arg(nonce);
        let reply: Vec<i64> =
            tokio::time::timeout(self.timeout, invocation.invoke_async(&mut connection))
                .await
                .map_err(|_| format!("no answer within {} ms", self.timeout.as_millis()))?
                .map_err(|e| e.to_string())?;
        let wait = millis(reply.get(1).copied().unwrap_or(0).max(1));
        Ok(match reply.first() {
            Some(0) => Decision::Admitted,
            Some(1) => Decision::Refused {
                limit: Limit::Window {
                    requests: rule.requests,
                    window: rule.window,
                },
                retry_after: wait,
            },
            Some(2) => Decision::Refused {
                limit: Limit::DailyTurns {
                    turns: rule.turns_per_day,
                },
                retry_after: wait,
            },
            _ => return Err(format!("unexpected reply from the limit script: {reply:?}")),
        })
    }
}

fn millis(ms: i64) -> Duration {
    Duration::from_millis(u64::try_from(ms).unwrap_or(0))
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(requests: u32, window_ms: u64, turns_per_day: u32) -> Rule {
        Rule {
            requests,
            window: Duration::from_millis(window_ms),
            turns_per_day,
        }
    }

    #[test]
    fn the_window_slides_instead_of_resetting() {
        let callers = Mutex::default();
        let r = rule(3, 1_000, 0);
        let at = |now| memory_check(&callers, "a", &r, Charge::Request, now);
        let start = 10 * DAY_MS;
        assert_eq!(at(start), Decision::Admitted);
        assert_eq!(at(start + 400), Decision::Admitted);
        assert_eq!(at(start + 800), Decision::Admitted);
        // Full: the oldest admitted request leaves the window at start + 1000.
        assert_eq!(
            at(start + 900),
            Decision::Refused {
                limit: Limit::Window {
                    requests: 3,
                    window: Duration::from_secs(1)
                },
                retry_after: Duration::from_millis(100)
            }
        );
        assert_eq!(at(start + 1_000), Decision::Admitted);
        // Refusals are not counted: one slot frees at start + 1400, not later.
        assert!(matches!(at(start + 1_100), Decision::Refused { .. }));
        assert_eq!(at(start + 1_400), Decision::Admitted);
        // Another caller has its own window.
        assert_eq!(
            memory_check(&callers, "b", &r, Charge::Request, start + 1_400),
            Decision::Admitted
        );
    }

    #[test]
    fn only_turns_spend_the_daily_quota_and_it_renews_at_midnight() {
        let callers = Mutex::default();
        let r = rule(0, 1_000, 2);
        let noon = 20 * DAY_MS + DAY_MS / 2;
        let turn = |now| memory_check(&callers, "a", &r, Charge::Turn, now);
        assert_eq!(
            memory_check(&callers, "a", &r, Charge::Request, noon),
            Decision::Admitted
        );
        assert_eq!(turn(noon), Decision::Admitted);
        assert_eq!(turn(noon + 1), Decision::Admitted);
        assert_eq!(
            turn(noon + 2),
            Decision::Refused {
                limit: Limit::DailyTurns { turns: 2 },
                retry_after: Duration::from_millis(u64::try_from(DAY_MS / 2 - 2).unwrap())
            }
        );
        // Plain requests still pass; the next day the quota is whole again.
        assert_eq!(
            memory_check(&callers, "a", &r, Charge::Request, noon + 3),
            Decision::Admitted
        );
        assert_eq!(turn(21 * DAY_MS), Decision::Admitted);
    }

    #[test]
    fn a_window_refusal_spends_no_turn() {
        let callers = Mutex::default();
        let r = rule(1, 1_000, 2);
        let turn = |now| memory_check(&callers, "a", &r, Charge::Turn, now);
        let t = 30 * DAY_MS;
        assert_eq!(turn(t), Decision::Admitted);
        assert!(matches!(
            turn(t + 10),
            Decision::Refused {
                limit: Limit::Window { .. },
                ..
            }
        ));
        assert_eq!(turn(t + 1_000), Decision::Admitted);
        assert!(matches!(
            turn(t + 2_000),
            Decision::Refused {
                limit: Limit::DailyTurns { .. },
                ..
            }
        ));
    }

    #[tokio::test]
    async fn an_unreachable_store_fails_as_configured_and_is_counted() {
        // Nothing listens on port 9 of loopback: every check errs at once.
        for mode in [FailMode::Open, FailMode::Closed] {
            let limiter =
                Limiter::redis("redis://127.0.0.1:9/", Duration::from_millis(200), mode).unwrap();
            let d = limiter
                .check("a", &rule(5, 1_000, 0), Charge::Request)
                .await;
            let stats = limiter.stats();
            assert_eq!(stats.store_errors, 1);
            assert!(!stats.store_reachable);
            match mode {
                FailMode::Open => {
                    assert_eq!(d, Decision::Admitted);
                    assert_eq!(stats.failed_open, 1);
                }
                FailMode::Closed => {
                    assert_eq!(d, Decision::Unavailable);
                    assert_eq!(stats.failed_closed, 1);
                }
            }
        }
    }

    #[tokio::test]
    async fn an_open_rule_never_touches_the_store() {
        let limiter = Limiter::redis(
            "redis://127.0.0.1:9/",
            Duration::from_millis(200),
            FailMode::Closed,
        )
        .unwrap();
        let d = limiter.check("a", &rule(0, 1_000, 0), Charge::Turn).await;
        assert_eq!(d, Decision::Admitted);
        assert_eq!(limiter.stats().store_errors, 0);
    }
}
