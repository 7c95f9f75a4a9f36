//! Hostile programs: each test asserts the precise typed outcome and that the host is unharmed
//! (the next ordinary run still works).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use executor::{AllowedMethod, Allowlist, CallErrorKind, LimitHit, Limits, RunOutcome};
use serde_json::{Value, json};

use crate::support::{MemoryTools, market_allowlist, market_tools, run, sandbox};

async fn assert_host_unharmed() {
    let record = run("return tools.markets.search({ query: 'ok' }).markets.length;").await;
    assert_eq!(
        record.outcome,
        RunOutcome::Returned(json!(1)),
        "the next run works"
    );
}

async fn expect_limit(program: &str, limits: Limits, limit: LimitHit) -> executor::ExecutionRecord {
    let record = sandbox()
        .run_with_limits(program, &market_allowlist(), market_tools(), &limits)
        .await;
    assert_eq!(record.outcome, RunOutcome::LimitHit(limit), "{program}");
    assert_host_unharmed().await;
    record
}

async fn expect_throw(program: &str, name: &str, message_part: &str) {
    let record = run(program).await;
    let RunOutcome::Threw(e) = &record.outcome else {
        panic!("{program}: {:?}", record.outcome)
    };
    assert_eq!(e.name, name, "{program}: {e:?}");
    assert!(e.message.contains(message_part), "{program}: {e:?}");
    assert_host_unharmed().await;
}

#[tokio::test]
async fn infinite_loop_runs_out_of_fuel() {
    let limits = Limits {
        fuel: 50_000_000,
        ..Limits::default()
    };
    let record = expect_limit("while (true) {}", limits, LimitHit::Fuel).await;
    assert!(record.fuel_used.unwrap() >= 50_000_000);
}

#[tokio::test]
async fn infinite_loop_hits_the_deadline_when_fuel_is_plentiful() {
    let limits = Limits {
        fuel: u64::MAX / 2,
        deadline: Duration::from_millis(150),
        ..Limits::default()
    };
    expect_limit("for (;;) { Math.sqrt(2); }", limits, LimitHit::Deadline).await;
}

#[tokio::test]
async fn memory_bomb_hits_the_memory_cap() {
    let program = "const hoard = []; while (true) hoard.push(new Float64Array(1 << 17));";
    expect_limit(program, Limits::default(), LimitHit::Memory).await;
}

#[tokio::test]
async fn one_huge_allocation_hits_the_memory_cap() {
    expect_limit(
        "return new ArrayBuffer(1 << 30).byteLength;",
        Limits::default(),
        LimitHit::Memory,
    )
    .await;
}

#[tokio::test]
async fn memory_cap_is_per_run_configurable() {
    let limits = Limits {
        memory_bytes: 8 << 20,
        ..Limits::default()
    };
    expect_limit(
        "return new Uint8Array(16 << 20).length;",
        limits,
        LimitHit::Memory,
    )
    .await;
}

#[tokio::test]
async fn deep_recursion_exhausts_the_stack() {
    expect_limit(
        "function f(n) { return f(n + 1) + 1; } return f(0);",
        Limits::default(),
        LimitHit::Stack,
    )
    .await;
}

#[tokio::test]
async fn deep_recursion_through_json_exhausts_the_stack() {
    let program =
        "let o = {}; for (let i = 0; i < 1e5; i++) o = { o }; return JSON.stringify(o).length;";
    expect_limit(program, Limits::default(), LimitHit::Stack).await;
}

#[tokio::test]
async fn huge_string_result_hits_the_result_cap() {
    expect_limit(
        "return 'x'.repeat(4 << 20);",
        Limits::default(),
        LimitHit::ResultBytes,
    )
    .await;
}

#[tokio::test]
async fn ten_thousand_tool_calls_stop_at_the_call_cap() {
    let tools = market_tools();
    let program =
        "for (let i = 0; i < 10000; i++) tools.markets.get({ id: 'm' + i }); return 'done';";
    let record = sandbox()
        .run(program, &market_allowlist(), tools.clone())
        .await;
    assert_eq!(record.outcome, RunOutcome::LimitHit(LimitHit::ToolCalls));
    assert_eq!(record.calls.len(), Limits::default().max_tool_calls);
    assert_eq!(tools.count(), Limits::default().max_tool_calls);
    assert_host_unharmed().await;
}

#[tokio::test]
async fn ten_thousand_tool_calls_are_all_recorded_in_order_when_allowed() {
    let limits = Limits {
        max_tool_calls: 10_000,
        ..Limits::default()
    };
    let program = "let n = 0; for (let i = 0; i < 10000; i++) n += tools.markets.get({ id: i }).volume; return n;";
    let record = sandbox()
        .run_with_limits(program, &market_allowlist(), market_tools(), &limits)
        .await;
    assert_eq!(record.outcome, RunOutcome::Returned(json!(10_000_000)));
    assert_eq!(record.calls.len(), 10_000);
    assert!(
        record
            .calls
            .iter()
            .enumerate()
            .all(|(i, c)| c.seq == i && c.arguments == json!({"id": i}))
    );
}

#[tokio::test]
async fn a_method_not_on_the_allow_list_is_a_clear_error() {
    let tools = market_tools();
    let record = sandbox()
        .run(
            "return tools.markets.delete_all({});",
            &market_allowlist(),
            tools.clone(),
        )
        .await;
    let RunOutcome::Threw(e) = record.outcome else {
        panic!("{:?}", record.outcome)
    };
    assert_eq!(e.name, "TypeError");
    assert!(
        e.message
            .contains("method markets.delete_all is not available"),
        "{e:?}"
    );
    assert!(
        e.message.contains("search"),
        "the error lists what is allowed: {e:?}"
    );
    assert_eq!(tools.count(), 0);
}

#[tokio::test]
async fn an_execute_surface_method_is_unreachable() {
    let tools = market_tools();
    for program in [
        "return tools.wallet.transfer({ to: 'x', amount: 1 });",
        "return tools['wallet']['transfer']({});",
        "const w = Reflect.get(tools, 'wallet'); return w.transfer({});",
    ] {
        let record = sandbox()
            .run(program, &market_allowlist(), tools.clone())
            .await;
        let RunOutcome::Threw(e) = &record.outcome else {
            panic!("{program}: {:?}", record.outcome)
        };
        assert!(
            e.message.contains("tool wallet is not available"),
            "{program}: {e:?}"
        );
        assert!(record.calls.is_empty());
    }
    assert_eq!(tools.count(), 0, "the wallet was never called");
    assert_host_unharmed().await;
}

#[tokio::test]
async fn an_empty_allow_list_exposes_no_tools() {
    let tools = market_tools();
    let record = sandbox().run("return Object.keys(tools).length + ':' + (() => { try { tools.markets; } catch (e) { return e.name; } })();", &Allowlist::empty(), tools.clone()).await;
    assert_eq!(record.outcome, RunOutcome::Returned(json!("0:TypeError")));
    assert_eq!(tools.count(), 0);
}

#[tokio::test]
async fn host_environment_names_do_not_exist() {
    for name in [
        "require",
        "std",
        "os",
        "fetch",
        "XMLHttpRequest",
        "process",
        "WebAssembly",
        "Deno",
        "Bun",
        "setTimeout",
    ] {
        let record = run(&format!("return typeof {name};")).await;
        assert_eq!(
            record.outcome,
            RunOutcome::Returned(json!("undefined")),
            "{name}"
        );
    }
    expect_throw("return require('fs');", "ReferenceError", "require").await;
    expect_throw("return process.env;", "ReferenceError", "process").await;
    expect_throw(
        "return fetch('http://127.0.0.1/');",
        "ReferenceError",
        "fetch",
    )
    .await;
}

#[tokio::test]
async fn dynamic_import_fails() {
    // No module loader exists: the import is refused by name, before any module code runs.
    expect_throw(
        "const m = await import('std'); return typeof m;",
        "ReferenceError",
        "could not load module 'std'",
    )
    .await;
}

#[tokio::test]
async fn global_object_holds_no_host_natives() {
    let record = run("return Object.getOwnPropertyNames(globalThis).filter(n => /native|host|sluice|call/i.test(n));").await;
    assert_eq!(record.outcome, RunOutcome::Returned(json!([])));
    // The eval and Function escape hatches see the same sealed world.
    let record = run("return [new Function('return typeof require')(), eval('typeof os'), (0, eval)('typeof tools')];").await;
    assert_eq!(
        record.outcome,
        RunOutcome::Returned(json!(["undefined", "undefined", "object"]))
    );
}

#[tokio::test]
async fn tools_cannot_be_replaced_or_extended() {
    for program in [
        "tools = {};",
        "globalThis.tools = {};",
        "delete globalThis.tools;",
        "tools.wallet = { transfer() {} };",
        "tools.markets.search = () => 'forged';",
        "Object.defineProperty(tools.markets, 'transfer', { value: () => 1 });",
        "Object.setPrototypeOf(tools.markets, { transfer() {} });",
        "tools.markets.__proto__ = { transfer() {} };",
        "delete tools.markets.search;",
    ] {
        let record = run(program).await;
        let RunOutcome::Threw(e) = &record.outcome else {
            panic!("{program}: {:?}", record.outcome)
        };
        assert_eq!(e.name, "TypeError", "{program}: {e:?}");
    }
    assert_host_unharmed().await;
}

#[tokio::test]
async fn prototype_pollution_does_not_redirect_tool_calls() {
    let tools = market_tools();
    let program = r#"
        Object.prototype.transfer = function () { return "forged"; };
        Function.prototype.call = function () { return "forged"; };
        Object.freeze = (o) => o;
        const r = tools.markets.search({ query: "real" });
        let reached = false;
        try { tools.markets.transfer({}); reached = true; } catch (e) {}
        return [r.markets[0].title, reached];
    "#;
    let record = sandbox()
        .run(program, &market_allowlist(), tools.clone())
        .await;
    assert_eq!(
        record.outcome,
        RunOutcome::Returned(json!(["real winner", false]))
    );
    assert_eq!(tools.count(), 1);
}

/// The namespace is built on the program's first use of `tools`, so after the program had its
/// chance to replace what building it would use: it is built all the same, refuses the same way,
/// and calls still reach (only) the host's allowed methods.
#[tokio::test]
async fn replacing_builtins_before_first_use_does_not_change_the_namespace() {
    let tools = market_tools();
    let program = r#"
        const T = TypeError;
        globalThis.Proxy = function () { return { search: () => "forged" }; };
        JSON.parse = () => ({ wallet: ["transfer"] });
        Object.keys = () => ["wallet"];
        Object.create = () => ({ transfer: () => "forged" });
        Object.hasOwn = () => true;
        Array.prototype[Symbol.iterator] = function* () { yield "wallet"; };
        globalThis.TypeError = function () { return { forged: true }; };
        const r = tools.markets.search({ query: "real" });
        const refused = (f) => { try { f(); return "reached"; } catch (e) { return e instanceof T ? e.message : "other"; } };
        return [r.markets[0].title, refused(() => tools.wallet.transfer({})),
            refused(() => tools.markets.transfer({})), typeof tools.markets.get];
    "#;
    let record = sandbox()
        .run(program, &market_allowlist(), tools.clone())
        .await;
    let RunOutcome::Returned(Value::Array(out)) = &record.outcome else {
        panic!("{:?}", record.outcome)
    };
    assert_eq!(out[0], json!("real winner"));
    let message = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    assert!(
        message(&out[1]).starts_with("tool wallet is not available"),
        "{out:?}"
    );
    assert!(message(&out[1]).contains("(allowed: markets)"), "{out:?}");
    assert!(
        message(&out[2]).starts_with("method markets.transfer is not available"),
        "{out:?}"
    );
    assert!(message(&out[2]).contains("search"), "{out:?}");
    assert_eq!(out[3], json!("function"));
    assert_eq!(tools.count(), 1, "only the allowed search reached the host");
}

/// A program that never touches `tools` does not pay for building it. Fuel is counted, not
/// timed, so the comparison is exact on any machine.
#[tokio::test]
async fn the_namespace_is_built_only_when_a_program_uses_it() {
    let fuel = |program: &'static str| async move {
        let record = sandbox()
            .run(program, &market_allowlist(), market_tools())
            .await;
        assert_eq!(record.outcome, RunOutcome::Returned(json!(1)), "{program}");
        record.fuel_used.expect("fuel is metered")
    };
    let untouched = fuel("const t = 0; return 1;").await;
    let touched = fuel("const t = tools; return 1;").await;
    let again =
        fuel("const t = tools; for (let i = 0; i < 10; i++) tools.markets; return 1;").await;
    assert!(untouched < touched, "{untouched} !< {touched}");
    // A later use in the same run costs a fraction of building it: it reuses what was built.
    assert!(
        (again - touched) / 10 < (touched - untouched) / 2,
        "{untouched} {touched} {again}"
    );
}

#[tokio::test]
async fn a_fifty_megabyte_tool_reply_hits_the_reply_cap() {
    let big = Arc::new(
        MemoryTools::new().with("files", "read", |_| Ok(Value::String("y".repeat(50 << 20)))),
    );
    let allow = Allowlist::new([AllowedMethod::new(
        "files",
        "read",
        json!({"type": "object"}),
    )])
    .unwrap();
    let record = sandbox()
        .run("return tools.files.read({}).length;", &allow, big)
        .await;
    assert_eq!(record.outcome, RunOutcome::LimitHit(LimitHit::ReplyBytes));
    assert_eq!(record.calls.len(), 1);
    assert_eq!(
        record.calls[0].outcome.as_ref().unwrap_err().kind,
        CallErrorKind::ReplyTooLarge
    );
    assert_host_unharmed().await;
}

#[tokio::test]
async fn unterminated_programs_are_syntax_errors() {
    for program in [
        "return {",
        "/* never closed",
        "return `abc",
        "const s = 'open;",
        "if (true) {",
        "return [1, 2",
    ] {
        let record = run(program).await;
        let RunOutcome::Threw(e) = &record.outcome else {
            panic!("{program}: {:?}", record.outcome)
        };
        assert_eq!(e.name, "SyntaxError", "{program}: {e:?}");
    }
    assert_host_unharmed().await;
}

#[tokio::test]
async fn malformed_programs_are_syntax_errors() {
    for program in [
        "}}}",
        "return 1 +;",
        "const = 5;",
        "function (",
        "return @;",
        "let let = 1;",
    ] {
        let record = run(program).await;
        let RunOutcome::Threw(e) = &record.outcome else {
            panic!("{program:?}: {:?}", record.outcome)
        };
        assert_eq!(e.name, "SyntaxError", "{program:?}: {e:?}");
    }
    assert_host_unharmed().await;
}

#[tokio::test]
async fn a_program_that_throws_reports_what_it_threw() {
    expect_throw("throw new Error('boom');", "Error", "boom").await;
    expect_throw("throw 42;", "Thrown", "42").await;
    // A thrown value whose toString itself throws is reported as its JSON, not re-thrown.
    let record = run("throw { toString() { throw new Error('nested'); } };").await;
    let RunOutcome::Threw(e) = &record.outcome else {
        panic!("{:?}", record.outcome)
    };
    assert_eq!((e.name.as_str(), e.message.as_str()), ("Error", "{}"));
    assert_host_unharmed().await;
    let record = run("\n\nthrow new RangeError('third line');").await;
    let RunOutcome::Threw(e) = record.outcome else {
        panic!()
    };
    assert_eq!((e.name.as_str(), e.line), ("RangeError", Some(3)));
}

#[tokio::test]
async fn a_result_that_is_not_json_is_an_error() {
    expect_throw("return 10n;", "TypeError", "BigInt").await;
    expect_throw(
        "const a = {}; a.self = a; return a;",
        "TypeError",
        "circular",
    )
    .await;
}

#[tokio::test]
async fn a_promise_that_never_settles_is_an_error() {
    expect_throw(
        "await new Promise(() => {}); return 1;",
        "Error",
        "still waiting",
    )
    .await;
}

#[tokio::test]
async fn a_log_flood_hits_the_log_cap() {
    expect_limit(
        "while (true) console.log('x'.repeat(1000));",
        Limits::default(),
        LimitHit::LogBytes,
    )
    .await;
}

#[tokio::test]
async fn an_oversized_program_is_refused_before_it_runs() {
    let program = format!("return 1; // {}", "x".repeat(300 << 10));
    let record = expect_limit(&program, Limits::default(), LimitHit::ProgramBytes).await;
    assert!(record.calls.is_empty());
}

#[tokio::test]
async fn a_slow_tool_is_cut_off_by_the_deadline() {
    let slow = Arc::new(
        MemoryTools::new()
            .with("slow", "wait", |_| Ok(json!(1)))
            .delayed(Duration::from_secs(5)),
    );
    let allow = Allowlist::new([AllowedMethod::new("slow", "wait", json!({}))]).unwrap();
    let limits = Limits {
        deadline: Duration::from_millis(100),
        ..Limits::default()
    };
    let record = sandbox()
        .run_with_limits("return tools.slow.wait({});", &allow, slow, &limits)
        .await;
    assert_eq!(record.outcome, RunOutcome::LimitHit(LimitHit::Deadline));
    assert_eq!(
        record.calls[0].outcome.as_ref().unwrap_err().kind,
        CallErrorKind::Timeout
    );
    assert_host_unharmed().await;
}

#[tokio::test]
async fn non_object_arguments_are_rejected_by_the_schema() {
    let record =
        run("try { tools.markets.search('World Cup'); } catch (e) { return [e.name, e.field]; }")
            .await;
    assert_eq!(
        record.outcome,
        RunOutcome::Returned(json!(["ArgumentError", "/"]))
    );
    expect_throw(
        "return tools.markets.search({ query: () => 1, f: 10n });",
        "TypeError",
        "BigInt",
    )
    .await;
}

/// In-flight counter: proves concurrency without timing assertions.
struct Overlap {
    inner: MemoryTools,
    now: AtomicUsize,
    peak: AtomicUsize,
}

impl executor::ToolCaller for Overlap {
    fn call<'a>(
        &'a self,
        tool_id: &'a str,
        method: &'a str,
        arguments: &'a Value,
    ) -> executor::ToolFuture<'a> {
        Box::pin(async move {
            let n = self.now.fetch_add(1, Ordering::SeqCst) + 1;
            self.peak.fetch_max(n, Ordering::SeqCst);
            let out = self.inner.call(tool_id, method, arguments).await;
            self.now.fetch_sub(1, Ordering::SeqCst);
            out
        })
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_concurrent_runs_overlap_their_tool_calls() {
    let tools = Arc::new(Overlap {
        inner: MemoryTools::new()
            .with("slow", "wait", |a| Ok(a.clone()))
            .delayed(Duration::from_millis(50)),
        now: AtomicUsize::new(0),
        peak: AtomicUsize::new(0),
    });
    let allow = Allowlist::new([AllowedMethod::new(
        "slow",
        "wait",
        json!({"type": "object"}),
    )])
    .unwrap();
    let started = Instant::now();
    let mut runs = tokio::task::JoinSet::new();
    for i in 0..200 {
        let (tools, allow) = (tools.clone(), allow.clone());
        runs.spawn(async move {
            sandbox()
                .run(
                    &format!("return tools.slow.wait({{ n: {i} }}).n;"),
                    &allow,
                    tools,
                )
                .await
        });
    }
    let mut results = Vec::new();
    while let Some(r) = runs.join_next().await {
        results.push(r.unwrap().outcome);
    }
    let elapsed = started.elapsed();
    results.sort_by_key(|o| match o {
        RunOutcome::Returned(v) => v.as_i64().unwrap(),
        other => panic!("{other:?}"),
    });
    assert_eq!(
        results,
        (0..200)
            .map(|i| RunOutcome::Returned(json!(i)))
            .collect::<Vec<_>>()
    );
    let peak = tools.peak.load(Ordering::SeqCst);
    assert!(
        peak >= 50,
        "tool calls overlapped: at most {peak} were in flight at once"
    );
    // Serially these calls alone would take 200 x 50 ms = 10 s.
    assert!(
        elapsed < Duration::from_secs(10),
        "runs overlapped: {elapsed:?} for 200 runs"
    );
}
