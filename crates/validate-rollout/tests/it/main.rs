//! Integration tests of the validator: the binary's verdicts and exit codes on small suites run
//! in-process, and the importers on small fixture files written by the tests.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sluice-vr-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn validate(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_validate-rollout"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Writes `text` as the suite `name` in `d` and runs the validator on it.
fn validate_suite(d: &Path, name: &str, text: &str) -> (i32, String, String) {
    let path = d.join(name);
    std::fs::write(&path, text).unwrap();
    validate(&["--suite", path.to_str().unwrap()])
}

/// SMALL with the World Cup case expected to answer: one of its two answer cases asks, so its
/// over-clarification rate is exactly 1/2.
fn red() -> String {
    SMALL.replace("expect: clarification_required", "expect: answer")
}

const SMALL: &str = r#"
name: small
thresholds:
  ambiguityRecall: {min: 1.0}
  capabilityMissRecall: {min: 1.0}
  silentAnswerRate: {max: 0.0}
  overClarificationRate: {max: 0.0}
requiredStages: [query-clarification-decision]
cases:
  - id: world-cup
    query: Who will win the World Cup?
    tools: [markets]
    expect: clarification_required
  - id: world-cup-auto
    query: Who will win the World Cup?
    tools: [markets]
    policy: auto
    expect: answer
    expectAssumption: true
  - id: bybit
    query: Show me the Bybit liquidation heatmap for BTC
    tools: [markets]
    expect: capability_miss
  - id: wrong-on-purpose
    query: What is the price of Bitcoin?
    tools: [crypto-prices]
    expect: capability_miss
    gate: coverage
"#;

#[test]
fn a_green_suite_passes_and_writes_the_report() {
    let d = dir("green");
    std::fs::write(d.join("suite.yaml"), SMALL).unwrap();
    let report = d.join("report.json");
    let (code, stdout, stderr) = validate(&[
        "--suite",
        d.join("suite.yaml").to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("gates: passed"), "{stdout}");
    let r: Value = serde_json::from_str(&std::fs::read_to_string(report).unwrap()).unwrap();
    assert_eq!(r["gates"]["passed"], true);
    assert_eq!(r["metrics"]["ambiguityRecall"], 1.0);
    assert_eq!(r["metrics"]["silentAnswerRate"], 0.0);
    assert_eq!(
        r["coverage"],
        json!({"asExpected": 0, "cases": 1}),
        "the coverage case is reported, not gated"
    );
    let cases = r["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 4);
    assert_eq!(cases[0]["expected"], "clarification_required");
    assert_eq!(cases[0]["actual"], "clarification_required");
    assert_eq!(cases[3]["correct"], false);
}

#[test]
fn a_red_gate_exits_non_zero_and_names_the_metric() {
    let (code, stdout, _) = validate_suite(&dir("red"), "suite.yaml", &red());
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("gates: FAILED"));
    assert!(
        stdout.contains("world-cup: expected answer, got clarification_required"),
        "{stdout}"
    );
    assert!(
        stdout.contains("overClarificationRate = 0.500"),
        "the failing metric is named: {stdout}"
    );
}

/// The red suite's over-clarification rate is exactly 1/2 (one of its two answer cases asks):
/// a bound holds at the value itself and fails just past it, on either side.
#[test]
fn bounds_hold_exactly_at_the_measured_value_and_fail_just_past_it() {
    let d = dir("bounds");
    let red = red();
    let (head, cases) = red.split_at(red.find("cases:").unwrap());
    let head = head.split("thresholds:").next().unwrap();
    for (bound, passes) in [
        ("{max: 0.5}", true),
        ("{max: 0.499}", false),
        ("{min: 0.5}", true),
        ("{min: 0.501}", false),
        ("{min: 0.499, max: 0.501}", true),
    ] {
        let (code, stdout, stderr) = validate_suite(
            &d,
            "suite.yaml",
            &format!("{head}thresholds:\n  overClarificationRate: {bound}\n{cases}"),
        );
        assert_eq!(
            code,
            if passes { 0 } else { 1 },
            "{bound}: {stdout}{stderr}"
        );
        assert!(
            stdout.contains("overClarificationRate       0.500         1/2"),
            "{stdout}"
        );
    }
}

#[test]
fn a_suite_without_required_cases_fails() {
    let d = dir("empty");
    for (name, text) in [
        ("none.yaml", "name: none\ncases: []\n"),
        (
            "coverage.yaml",
            "name: coverage\ncases:\n  - id: a\n    query: What is the price of Bitcoin?\n    tools: [crypto-prices]\n    expect: answer\n    gate: coverage\n",
        ),
    ] {
        let (code, stdout, stderr) = validate_suite(&d, name, text);
        assert_eq!(code, 1, "{name}: {stdout}{stderr}");
        assert!(stdout.contains("no required case"), "{stdout}");
    }
}

#[test]
fn bad_input_exits_with_two_and_a_message() {
    let d = dir("bad");
    std::fs::write(
        d.join("suite.yaml"),
        "name: x\ncases:\n  - id: a\n    query: q\n    expect: maybe\n",
    )
    .unwrap();
    let (code, _, stderr) = validate(&["--suite", d.join("suite.yaml").to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("maybe"), "{stderr}");
    std::fs::write(
        d.join("t.yaml"),
        "name: x\nthresholds:\n  niceness: {min: 1}\ncases: []\n",
    )
    .unwrap();
    let (code, _, stderr) = validate(&["--suite", d.join("t.yaml").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown metric 'niceness'"), "{stderr}");
    let (code, _, stderr) = validate(&["--suite", "/nonexistent/suite.yaml"]);
    assert_eq!(code, 2, "{stderr}");
    let (_, stdout, _) = validate(&["--help"]);
    assert!(
        stdout.contains("overClarificationRate") && stdout.contains("clarificationPrecision"),
        "--help lists the metrics"
    );
}

fn write_lines(path: &Path, records: &[Value]) {
    std::fs::write(
        path,
        records
            .iter()
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    )
    .unwrap();
}

/// A BFCL-shaped folder with one answerable and one irrelevant record.
fn bfcl_fixture(d: &Path) {
    std::fs::create_dir_all(d.join("possible_answer")).unwrap();
    let area = json!({"name": "calculate_triangle_area", "description": "Calculate the area of a triangle given its base and height.",
        "parameters": {"type": "dict", "properties": {"base": {"type": "integer", "description": "The base of the triangle."},
        "height": {"type": "integer", "description": "The height of the triangle."}}, "required": ["base", "height"]}});
    write_lines(
        &d.join("BFCL_v4_simple_python.json"),
        &[json!({"id": "simple_python_0",
        "question": [[{"role": "user", "content": "Find the area of a triangle with a base of 10 units and height of 5 units."}]], "function": [area]})],
    );
    write_lines(
        &d.join("possible_answer/BFCL_v4_simple_python.json"),
        &[json!({"id": "simple_python_0",
        "ground_truth": [{"calculate_triangle_area": {"base": [10], "height": [5], "unit": ["units", ""]}}]})],
    );
    let bmi = json!({"name": "determine_body_mass_index", "description": "Calculate body mass index given weight and height.",
        "parameters": {"type": "dict", "properties": {"weight": {"type": "float"}, "height": {"type": "float"}}, "required": ["weight", "height"]}});
    write_lines(
        &d.join("BFCL_v4_irrelevance.json"),
        &[json!({"id": "irrelevance_0",
        "question": [[{"role": "user", "content": "Who painted the Mona Lisa?"}]], "function": [bmi]})],
    );
}

#[test]
fn bfcl_imports_into_a_runnable_suite_with_scores() {
    let d = dir("bfcl");
    bfcl_fixture(&d);
    let out = d.join("bfcl.yaml");
    let (code, stdout, stderr) = validate(&[
        "import",
        "bfcl",
        d.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--category",
        "simple_python",
        "--category",
        "irrelevance",
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let catalog: Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("bfcl.tools.json")).unwrap()).unwrap();
    assert_eq!(
        catalog["tools"][0]["methods"][0]["inputSchema"]["type"], "object",
        "the BFCL dialect became JSON Schema"
    );
    assert_eq!(
        catalog["tools"][1]["methods"][0]["inputSchema"]["properties"]["weight"]["type"],
        "number"
    );
    let report = d.join("report.json");
    let (code, stdout, stderr) = validate(&[
        "--suite",
        out.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "no thresholds, so nothing gates: {stdout}{stderr}");
    let r: Value = serde_json::from_str(&std::fs::read_to_string(report).unwrap()).unwrap();
    let cases = r["cases"].as_array().unwrap();
    assert_eq!(cases[0]["actual"], "answer", "{}", cases[0]);
    assert_eq!(
        cases[0]["calls"][0]["arguments"],
        json!({"base": 10, "height": 5})
    );
    assert_eq!(r["metrics"]["methodAccuracy"], 1.0);
    assert_eq!(r["metrics"]["argumentAccuracy"], 1.0);
    assert_eq!(cases[1]["actual"], "capability_miss", "{}", cases[1]);
    assert_eq!(r["metrics"]["macroF1"], 1.0);
    assert_eq!(r["metrics"]["toolHallucinationRate"], 0.0);
    assert!(r["confusionMatrix"]["answer"]["answer"] == 1);
}

#[test]
fn when2call_imports_with_labels_joined_from_bfcl() {
    let d = dir("w2c");
    bfcl_fixture(&d.join("bfcl"));
    std::fs::create_dir_all(d.join("bfcl")).unwrap();
    // The When2Call file refers to BFCL live items; give it one of its own.
    let weather = json!({"name": "get_weather", "description": "Current weather for a city.",
        "parameters": {"type": "dict", "properties": {"city": {"type": "string", "description": "City name"}}, "required": ["city"]}});
    write_lines(
        &d.join("bfcl/BFCL_v4_live_simple.json"),
        &[json!({"id": "live_simple_1-1-0",
        "question": [[{"role": "user", "content": "What is the weather in Lisbon?"}]], "function": [weather]})],
    );
    write_lines(
        &d.join("bfcl/possible_answer/BFCL_v4_live_simple.json"),
        &[json!({"id": "live_simple_1-1-0",
        "ground_truth": [{"get_weather": {"city": ["Lisbon"]}}]})],
    );
    let w = d.join("w2c");
    std::fs::create_dir_all(&w).unwrap();
    let tool = weather.to_string();
    write_lines(
        &w.join("when2call.jsonl"),
        &[
            json!({"uuid": "11111111-aaaa", "source_id": "live_simple_1-1-0", "question": "What is the weather in Lisbon?", "correct_answer": "tool_call", "target_tool": tool, "tools": [tool]}),
            json!({"uuid": "22222222-bbbb", "source_id": "live_simple_1-1-0", "question": "What is the weather right now?", "correct_answer": "request_for_info", "target_tool": tool, "tools": [tool]}),
            json!({"uuid": "33333333-cccc", "source_id": "live_simple_1-1-0", "question": "Order me a pizza", "correct_answer": "cannot_answer", "target_tool": null, "tools": []}),
        ],
    );
    // Imports the file into `out`, with `extra` arguments (bounds).
    let import = |out: &Path, extra: &[&str]| {
        let (file, bfcl) = (w.join("when2call.jsonl"), d.join("bfcl"));
        let mut args = vec![
            "import",
            "when2call",
            file.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--bfcl",
            bfcl.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let (code, stdout, stderr) = validate(&args);
        (code, format!("{stdout}{stderr}"))
    };
    let out = w.join("suite.yaml");
    let (code, text) = import(&out, &[]);
    assert_eq!(code, 0, "{text}");
    let report = w.join("report.json");
    validate(&[
        "--suite",
        out.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    let r: Value = serde_json::from_str(&std::fs::read_to_string(report).unwrap()).unwrap();
    let actual: Vec<&str> = r["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["actual"].as_str().unwrap())
        .collect();
    assert_eq!(
        actual,
        ["answer", "clarification_required", "capability_miss"],
        "{r}"
    );
    assert_eq!(
        r["metrics"]["argumentAccuracy"], 1.0,
        "arguments were joined from BFCL and matched"
    );
    assert_eq!(r["metrics"]["macroF1"], 1.0);

    // Bounds given at import gate the suite: met, then out of reach, then malformed.
    let gated = |bound: &str, value: &str| {
        let out = w.join("gated.yaml");
        let (code, text) = import(&out, &[bound, value]);
        if code != 0 {
            return (code, text);
        }
        let (code, stdout, stderr) = validate(&["--suite", out.to_str().unwrap()]);
        (code, format!("{stdout}{stderr}"))
    };
    let (code, text) = gated("--min", "macroF1=1.0");
    assert_eq!(code, 0, "a bound met exactly passes: {text}");
    assert!(text.contains("pass (≥ 1)"), "{text}");
    let (code, text) = gated("--min", "macroF1=1.001");
    assert_eq!(code, 1, "a bound just out of reach fails the gate: {text}");
    let (code, text) = gated("--max", "toolHallucinationRate=-0.001");
    assert_eq!(code, 1, "{text}");
    let (code, text) = gated("--min", "f1=0.7");
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("unknown metric 'f1'"), "{text}");
    let (code, text) = gated("--min", "macroF1");
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("METRIC=VALUE"), "{text}");
}

/// A suite recorded with `--record` replays with `--replay` (no tool is contacted), and a
/// replay that needs an exchange the cassettes lack fails the run instead of reaching the tool.
#[test]
fn a_recorded_suite_replays_and_a_missing_cassette_fails_the_run() {
    let d = dir("replay");
    let tapes = d.join("tapes");
    let suite = d.join("suite.yaml");
    std::fs::write(
        &suite,
        "name: replay\ncases:\n  - id: sol\n    query: What is the price of Solana?\n    expect: answer\n",
    )
    .unwrap();
    let run = |mode: &str| {
        validate(&[
            "--suite",
            suite.to_str().unwrap(),
            mode,
            tapes.to_str().unwrap(),
        ])
    };
    let (code, out, err) = run("--record");
    assert_eq!(code, 0, "{out}{err}");
    assert!(tapes.join("calls").is_dir() && tapes.join("listings").is_dir());
    let (code, out, err) = run("--replay");
    assert_eq!(code, 0, "{out}{err}");
    std::fs::remove_dir_all(tapes.join("calls")).unwrap();
    let (code, _, err) = run("--replay");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not in the cassettes of --replay"), "{err}");
    let (code, _, err) = validate(&[
        "--suite",
        suite.to_str().unwrap(),
        "--replay",
        d.join("none").to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
}

/// A suite with documents indexes them in a folder of the run's own, and removes it at the end.
#[test]
fn a_document_suite_leaves_no_index_behind() {
    let d = dir("docs-scratch");
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../knowledge/tests/corpus");
    let suite = d.join("suite.yaml");
    std::fs::write(
        &suite,
        format!(
            "name: docs\ndocs: [{:?}]\ncases:\n  - id: fleet\n    query: How much does the Fleet plan cost?\n    expect: answer\n",
            corpus.display().to_string()
        ),
    )
    .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_validate-rollout"))
        .args(["--suite", suite.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let scratch = std::env::temp_dir().join(format!("sluice-validate-rollout-{}", child.id()));
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(!scratch.exists(), "{} was left behind", scratch.display());
}
