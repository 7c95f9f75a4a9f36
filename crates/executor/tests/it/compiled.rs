//! Programs run again with the same text start from the bytecode an earlier run compiled them to.
//! Fuel is counted, not timed, so these comparisons are exact on any machine.

use executor::{RunOutcome, Sandbox, SandboxConfig};
use serde_json::json;

use crate::support::{market_allowlist, market_tools, run};

/// Each test uses its own program text, so that its first run is the first the shared sandbox
/// has seen of it.
const PROGRAM: &str = r#"// a program that calls, logs, catches and computes
const found = tools.markets.search({ query: "compiled once" });
console.log("found", found.markets.length);
let caught = null;
try { tools.markets.broken({}); } catch (e) { caught = e.message; }
const squares = [];
for (let i = 0; i < 5; i++) squares.push(i * i);
return { title: found.markets[0].title, caught, squares };"#;

#[tokio::test]
async fn a_program_run_again_skips_compiling_and_behaves_the_same() {
    let first = run(PROGRAM).await;
    let second = run(PROGRAM).await;
    let expected = json!({
        "title": "compiled once winner",
        "caught": "upstream returned 503",
        "squares": [0, 1, 4, 9, 16],
    });
    assert_eq!(first.outcome, RunOutcome::Returned(expected.clone()));
    assert_eq!(second.outcome, RunOutcome::Returned(expected));
    assert_eq!(first.logs, second.logs);
    let calls = |r: &executor::ExecutionRecord| {
        r.calls
            .iter()
            .map(|c| {
                (
                    c.tool_id.clone(),
                    c.method.clone(),
                    c.arguments.clone(),
                    c.outcome.clone(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(calls(&first), calls(&second));
    let (a, b) = (first.fuel_used.unwrap(), second.fuel_used.unwrap());
    assert!(
        b * 2 < a,
        "the second run should not parse and compile again: {a} then {b} fuel"
    );
}

#[tokio::test]
async fn an_error_from_bytecode_names_the_same_line() {
    let program = "const a = 1;\n\nconst b = null; // bytecode line test\nreturn b.field;";
    for _ in 0..2 {
        let record = run(program).await;
        let RunOutcome::Threw(e) = record.outcome else {
            panic!("{:?}", record.outcome)
        };
        assert_eq!(e.name, "TypeError");
        assert_eq!(e.line, Some(4), "{e:?}");
    }
}

#[tokio::test]
async fn a_program_that_does_not_compile_reports_its_error_every_time() {
    let program = "const a = 1;\nconst b = ; // never compiles\nreturn a;";
    let first = run(program).await;
    let second = run(program).await;
    let RunOutcome::Threw(e) = &second.outcome else {
        panic!("{:?}", second.outcome)
    };
    assert_eq!(e.name, "SyntaxError");
    assert_eq!(e.line, Some(2), "{e:?}");
    assert_eq!(first.outcome, second.outcome);
}

#[tokio::test]
async fn reused_bytecode_carries_no_state_from_the_run_that_compiled_it() {
    let program = "globalThis.seen = (globalThis.seen || 0) + 1; // state test\n\
                   return [globalThis.seen, Math.random()];";
    let first = run(program).await;
    let second = run(program).await;
    let (RunOutcome::Returned(a), RunOutcome::Returned(b)) = (&first.outcome, &second.outcome)
    else {
        panic!("{:?} {:?}", first.outcome, second.outcome)
    };
    assert_eq!((a[0].clone(), b[0].clone()), (json!(1), json!(1)));
    assert_ne!(a[1], b[1], "each run has its own random seed");
    assert!(second.fuel_used < first.fuel_used);
}

#[tokio::test]
async fn without_a_budget_every_run_compiles() {
    let sandbox = Sandbox::new(SandboxConfig {
        compiled_cache_bytes: 0,
        max_concurrent_runs: 2,
        ..SandboxConfig::default()
    })
    .unwrap();
    let mut fuel = Vec::new();
    for _ in 0..2 {
        let record = sandbox
            .run(PROGRAM, &market_allowlist(), market_tools())
            .await;
        assert!(matches!(record.outcome, RunOutcome::Returned(_)));
        fuel.push(record.fuel_used.unwrap());
    }
    // The same work both times, up to the per-run hash seed's effect on the engine's tables.
    assert!(fuel[1] * 10 > fuel[0] * 9, "{fuel:?}");
}

#[tokio::test]
async fn a_program_reads_its_input_and_one_text_serves_every_input() {
    let program = "// input test\nconst found = tools.markets.search({ query: input.query });\n\
                   return [found.markets[0].title, input.n * 2];";
    let run_with = |input: serde_json::Value| async move {
        crate::support::sandbox()
            .run_with_input(program, &input, &market_allowlist(), market_tools())
            .await
    };
    let first = run_with(json!({"query": "first", "n": 1})).await;
    let hostile = "\"); tools.wallet.transfer({}); //";
    let second = run_with(json!({"query": hostile, "n": 2})).await;
    assert_eq!(
        first.outcome,
        RunOutcome::Returned(json!(["first winner", 2]))
    );
    // Input is data: text that looks like code comes back as the same text.
    assert_eq!(
        second.outcome,
        RunOutcome::Returned(json!([format!("{hostile} winner"), 4]))
    );
    assert_eq!(second.calls[0].arguments, json!({"query": hostile}));
    let (a, b) = (first.fuel_used.unwrap(), second.fuel_used.unwrap());
    assert!(
        b * 4 < a * 3,
        "the same text is compiled once: {a} then {b} fuel"
    );
}

#[tokio::test]
async fn without_input_a_program_reads_null() {
    let record = run("return input; // no input").await;
    assert_eq!(record.outcome, RunOutcome::Returned(json!(null)));
}

#[tokio::test]
async fn input_counts_against_the_program_byte_limit() {
    let limit = SandboxConfig::default().limits.max_program_bytes;
    let record = crate::support::sandbox()
        .run_with_input(
            "return input.length;",
            &json!("x".repeat(limit)),
            &market_allowlist(),
            market_tools(),
        )
        .await;
    assert_eq!(
        record.outcome,
        RunOutcome::LimitHit(executor::LimitHit::ProgramBytes)
    );
}
