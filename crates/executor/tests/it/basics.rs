//! The program contract: results, tool calls, errors with locations, logs, clock and randomness.

use executor::{CallErrorKind, RunOutcome};
use serde_json::json;

use crate::support::{market_allowlist, market_tools, run, sandbox};

#[tokio::test]
async fn returns_json_and_records_calls_in_order() {
    let record = run(r#"
        const a = tools.markets.search({ query: "World Cup" });
        const b = await tools.markets.get({ id: a.markets[0].id });
        return { title: a.markets[0].title, volume: b.volume };
    "#)
    .await;
    assert_eq!(
        record.outcome,
        RunOutcome::Returned(json!({"title": "World Cup winner", "volume": 1000}))
    );
    let calls: Vec<_> = record
        .calls
        .iter()
        .map(|c| (c.seq, c.method.as_str(), c.arguments.clone()))
        .collect();
    assert_eq!(
        calls,
        vec![
            (0, "search", json!({"query": "World Cup"})),
            (1, "get", json!({"id": "m1"}))
        ]
    );
    assert_eq!(
        record.calls[1].outcome,
        Ok(json!({"id": "m1", "volume": 1000}))
    );
    assert!(record.fuel_used.unwrap() > 0);
}

#[tokio::test]
async fn undefined_result_is_null() {
    assert_eq!(
        run("const x = 1;").await.outcome,
        RunOutcome::Returned(json!(null))
    );
}

#[tokio::test]
async fn a_failed_tool_call_throws_a_catchable_error_with_the_tools_message() {
    let record = run(r#"
        try { tools.markets.broken({}); return "not reached"; }
        catch (e) { return { name: e.name, message: e.message, tool: e.tool, method: e.method, isError: e instanceof Error }; }
    "#)
    .await;
    assert_eq!(
        record.outcome,
        RunOutcome::Returned(
            json!({"name": "ToolError", "message": "upstream returned 503", "tool": "markets", "method": "broken", "isError": true})
        )
    );
    assert_eq!(
        record.calls[0].outcome.as_ref().unwrap_err().kind,
        CallErrorKind::Tool
    );
}

#[tokio::test]
async fn an_uncaught_tool_error_ends_the_run_with_its_message_and_line() {
    let record = run("const x = 1;\ntools.markets.broken({});").await;
    let RunOutcome::Threw(e) = record.outcome else {
        panic!("{:?}", record.outcome)
    };
    assert_eq!(
        (e.name.as_str(), e.message.as_str()),
        ("ToolError", "upstream returned 503")
    );
    assert_eq!(e.line, Some(2), "the line of the failing call: {e:?}");
}

#[tokio::test]
async fn schema_violations_are_catchable_name_the_field_and_are_never_dispatched() {
    let tools = market_tools();
    let record = sandbox()
        .run(
            r#"
            const out = [];
            for (const args of [{ query: "x", limit: 0 }, { limit: 2 }, { query: "x", extra: true }]) {
                try { tools.markets.search(args); } catch (e) { out.push([e.name, e.field]); }
            }
            return out;
            "#,
            &market_allowlist(),
            tools.clone(),
        )
        .await;
    assert_eq!(
        record.outcome,
        RunOutcome::Returned(json!([
            ["ArgumentError", "/limit"],
            ["ArgumentError", "/"],
            ["ArgumentError", "/"]
        ]))
    );
    assert_eq!(tools.count(), 0, "no invalid call reaches the tool");
    assert!(
        record
            .calls
            .iter()
            .all(|c| c.outcome.as_ref().unwrap_err().kind == CallErrorKind::InvalidArguments)
    );
    assert_eq!(record.dispatched_calls().count(), 0);
}

#[tokio::test]
async fn console_output_is_kept_in_order() {
    let record =
        run(r#"console.log("hello", 1, { a: [true] }); console.error("second"); return 0;"#).await;
    assert_eq!(
        record.logs,
        vec![r#"hello 1 {"a":[true]}"#.to_owned(), "second".to_owned()]
    );
}

#[tokio::test]
async fn syntax_errors_report_line_and_column() {
    let record = run("const a = 1;\nconst b = ;\nreturn a;").await;
    let RunOutcome::Threw(e) = record.outcome else {
        panic!("{:?}", record.outcome)
    };
    assert_eq!(e.name, "SyntaxError");
    assert_eq!(e.line, Some(2), "{e:?}");
    assert!(e.column.is_some(), "{e:?}");
}

#[tokio::test]
async fn runtime_errors_report_the_line_they_happened_on() {
    let record = run("const a = 1;\n\nconst b = null;\nreturn b.field;").await;
    let RunOutcome::Threw(e) = record.outcome else {
        panic!("{:?}", record.outcome)
    };
    assert_eq!(e.name, "TypeError");
    assert_eq!(e.line, Some(4), "{e:?}");
}

#[tokio::test]
async fn the_clock_is_the_runs_start_and_does_not_move() {
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as f64;
    let record = run("const a = Date.now(); let s = 0; for (let i = 0; i < 200000; i++) s += i; return [a, Date.now(), performance.now() === performance.now()];").await;
    let RunOutcome::Returned(v) = record.outcome else {
        panic!("{:?}", record.outcome)
    };
    let (a, b) = (v[0].as_f64().unwrap(), v[1].as_f64().unwrap());
    assert_eq!(a, b, "time does not pass inside a run");
    assert!(
        (a - before).abs() < 60_000.0,
        "Date.now() is the real start time: {a} vs {before}"
    );
    assert_eq!(v[2], json!(true));
}

#[tokio::test]
async fn math_random_and_hashing_differ_between_runs() {
    let program = "return [Math.random(), Math.random()];";
    let (a, b) = (run(program).await.outcome, run(program).await.outcome);
    let (RunOutcome::Returned(a), RunOutcome::Returned(b)) = (a, b) else {
        panic!()
    };
    assert_ne!(a, b, "each run is seeded afresh, not from the snapshot");
    assert_ne!(a[0], a[1]);
    // Maps and sets (which hash with the reseeded key) still behave.
    let record = run("const m = new Map(); for (let i = 0; i < 1000; i++) m.set('k' + i, i); return [m.get('k999'), new Set([1, 1, 2]).size];").await;
    assert_eq!(record.outcome, RunOutcome::Returned(json!([999, 2])));
}

#[tokio::test]
async fn nothing_leaks_from_one_run_into_the_next() {
    let first = run("globalThis.leak = 42; Object.prototype.polluted = true; return 1;").await;
    assert_eq!(first.outcome, RunOutcome::Returned(json!(1)));
    let second = run("return [typeof globalThis.leak, ({}).polluted === undefined];").await;
    assert_eq!(
        second.outcome,
        RunOutcome::Returned(json!(["undefined", true]))
    );
}

/// A pooled slot keeps part of its memory resident between runs and copies back only the pages a
/// run dirtied: a run that wrote inside and far beyond that part still leaves the next run in the
/// same slot (one slot, so it is the same) the snapshot's exact realm.
#[tokio::test]
async fn a_reused_slot_starts_from_the_snapshot_however_much_the_last_run_wrote() {
    let one = executor::Sandbox::new(executor::SandboxConfig {
        max_concurrent_runs: 1,
        ..executor::SandboxConfig::default()
    })
    .expect("sandbox builds");
    let allow = market_allowlist();
    let first = one
        .run(
            "globalThis.leak = 'x'.repeat(1 << 20); Array.prototype.push = null;
             Object.prototype.polluted = 1; const big = new Array(1e6).fill(7);
             return big.length + leak.length;",
            &allow,
            market_tools(),
        )
        .await;
    assert_eq!(first.outcome, RunOutcome::Returned(json!(2_048_576)));
    for _ in 0..3 {
        let next = one
            .run(
                "return [typeof globalThis.leak, typeof [].push, ({}).polluted === undefined];",
                &allow,
                market_tools(),
            )
            .await;
        assert_eq!(
            next.outcome,
            RunOutcome::Returned(json!(["undefined", "function", true]))
        );
    }
}
