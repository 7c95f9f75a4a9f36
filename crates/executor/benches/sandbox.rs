//! Sandbox benchmarks: instantiate-and-run (a program seen before starts from its bytecode; the
//! `_compiling` cases keep nothing and parse every run), cold compile, cached load, and fuel
//! overhead.
//!
//! `cargo bench -p executor --bench sandbox`

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use executor::{
    AllowedMethod, Allowlist, Limits, RunOutcome, Sandbox, SandboxConfig, ToolCaller, ToolError,
    ToolFuture,
};
use serde_json::{Value, json};

/// Answers every call at once from memory.
struct Echo;

impl ToolCaller for Echo {
    fn call<'a>(&'a self, _tool: &'a str, method: &'a str, arguments: &'a Value) -> ToolFuture<'a> {
        Box::pin(async move {
            match method {
                "search" => Ok(
                    json!({"markets": [{"id": "m1", "title": "World Cup winner", "price": 0.42}]}),
                ),
                "get" => Ok(json!({"id": arguments["id"], "volume": 1000})),
                _ => Err(ToolError::new("unknown")),
            }
        })
    }
}

fn allowlist() -> Allowlist {
    Allowlist::new([
        AllowedMethod::new(
            "markets",
            "search",
            json!({"type": "object", "required": ["query"]}),
        ),
        AllowedMethod::new(
            "markets",
            "get",
            json!({"type": "object", "required": ["id"]}),
        ),
    ])
    .unwrap()
}

const THREE_CALLS: &str = r#"
const s = tools.markets.search({ query: "World Cup" });
const a = tools.markets.get({ id: s.markets[0].id });
const b = tools.markets.get({ id: "m2" });
return { title: s.markets[0].title, volume: a.volume + b.volume };
"#;

const LOOP: &str = "let s = 0; for (let i = 0; i < 1e6; i++) s += i; return s;";

fn benches(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let sandbox = Sandbox::new(SandboxConfig::default()).unwrap();
    let unmetered = Sandbox::new(SandboxConfig {
        fuel_enabled: false,
        ..SandboxConfig::default()
    })
    .unwrap();
    let compiling = Sandbox::new(SandboxConfig {
        compiled_cache_bytes: 0,
        ..SandboxConfig::default()
    })
    .unwrap();
    let allow = allowlist();
    let caller: Arc<dyn ToolCaller> = Arc::new(Echo);
    let check =
        |outcome: &RunOutcome| assert!(matches!(outcome, RunOutcome::Returned(_)), "{outcome:?}");

    for (suffix, sb) in [("", &sandbox), ("_compiling", &compiling)] {
        for (name, program) in [
            ("three_tool_calls", THREE_CALLS),
            ("empty_program", "return 1;"),
        ] {
            c.bench_function(&format!("run/{name}{suffix}"), |b| {
                b.to_async(&rt).iter(|| async {
                    check(&sb.run(program, &allow, caller.clone()).await.outcome)
                })
            });
        }
    }

    let mut group = c.benchmark_group("loop_1e6");
    group.sample_size(20);
    let limits = Limits {
        fuel: u64::MAX / 4,
        ..Limits::default()
    };
    group.bench_function("fuel_on", |b| {
        b.to_async(&rt).iter(|| async {
            check(
                &sandbox
                    .run_with_limits(LOOP, &allow, caller.clone(), &limits)
                    .await
                    .outcome,
            )
        })
    });
    group.bench_function("fuel_off", |b| {
        b.to_async(&rt)
            .iter(|| async { check(&unmetered.run(LOOP, &allow, caller.clone()).await.outcome) })
    });
    group.finish();

    let mut group = c.benchmark_group("startup");
    group.sample_size(10);
    let small = SandboxConfig {
        max_concurrent_runs: 4,
        ..SandboxConfig::default()
    };
    group.bench_function("cold_compile_and_snapshot", |b| {
        b.iter(|| Sandbox::new(small.clone()).unwrap())
    });
    let dir = std::env::temp_dir().join(format!("sluice-bench-cache-{}", std::process::id()));
    let cached = SandboxConfig {
        module_cache_dir: Some(dir.clone()),
        ..small
    };
    drop(Sandbox::new(cached.clone()).unwrap());
    group.bench_function("precompiled_load", |b| {
        b.iter(|| Sandbox::new(cached.clone()).unwrap())
    });
    group.finish();
    let _ = std::fs::remove_dir_all(dir);
}

criterion_group!(sandbox_benches, benches);
criterion_main!(sandbox_benches);
