//! Importers: public function-calling benchmarks as suites.
//!
//! Every case's functions become one tool of a static catalog written beside the suite (the
//! methods marked query-eligible, as the benchmarks offer them to be called); the case pins that
//! tool, runs in the deep lane under `return` with `planOnly`, and carries the expected outcome,
//! method and acceptable arguments from the data. Nothing here looks at a question's words: the
//! labels come from the data files.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use anyhow::Context;
use catalog::builtin::Manifest;
use catalog::builtin::static_catalog::StaticCatalog;
use contract::{ClarificationPolicy, QueryDepth};
use serde_json::{Value, json};

use crate::suite::{Case, Expect, Gate, Said, Suite, Threshold};

/// One benchmark function as an MCP method definition, query-eligible.
fn method(f: &Value) -> anyhow::Result<Value> {
    let name = f["name"].as_str().context("a function without a name")?;
    // BFCL writes Python's type names (`dict`, `float`, `tuple`, `any`).
    let mut schema = catalog::dialect::standard(&f["parameters"]);
    if !schema.is_object() {
        schema = json!({"type": "object", "properties": {}});
    }
    if schema.get("type").is_none() {
        schema["type"] = json!("object");
    }
    Ok(json!({
        "name": name,
        "description": f["description"].as_str().unwrap_or_default(),
        "inputSchema": schema,
        "_meta": {"surface": "query", "queryEligible": true},
    }))
}

/// One case's functions as a static-catalog tool.
fn manifest(id: String, title: String, functions: &[Value]) -> anyhow::Result<Manifest> {
    Ok(Manifest {
        id,
        title,
        description: String::new(),
        methods: functions
            .iter()
            .map(method)
            .collect::<anyhow::Result<_>>()?,
    })
}

fn read_jsonl(path: &Path) -> anyhow::Result<Vec<Value>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l)
                .with_context(|| format!("{}:{}: not JSON", path.display(), i + 1))
        })
        .collect()
}

/// The user's words of a single-turn BFCL question.
fn user_text(question: &Value) -> String {
    question[0]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["role"] == "user")
        .filter_map(|m| m["content"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Ground truth by id: (method, parameter → acceptable values).
type Truth = HashMap<String, (String, BTreeMap<String, Vec<Value>>)>;

fn ground_truth(path: &Path) -> anyhow::Result<Truth> {
    let mut out = HashMap::new();
    if !path.exists() {
        return Ok(out);
    }
    for r in read_jsonl(path)? {
        let Some(first) = r["ground_truth"].get(0).and_then(Value::as_object) else {
            continue;
        };
        let Some((name, args)) = first.iter().next() else {
            continue;
        };
        let args = args
            .as_object()
            .map(|a| {
                a.iter()
                    .map(|(k, v)| (k.clone(), v.as_array().cloned().unwrap_or_default()))
                    .collect()
            })
            .unwrap_or_default();
        out.insert(
            r["id"].as_str().unwrap_or_default().to_owned(),
            (name.clone(), args),
        );
    }
    Ok(out)
}

fn tool_id(prefix: &str, id: &str) -> String {
    let clean: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!("{prefix}-{clean}")
}

fn case(id: &str, kind: &str, query: String, tool: &str, expect: Expect) -> Case {
    case_over(id, kind, query, vec![tool.to_owned()], expect)
}

/// [`case`], pinned to several tools.
fn case_over(id: &str, kind: &str, query: String, tools: Vec<String>, expect: Expect) -> Case {
    Case {
        id: id.to_owned(),
        query,
        tools: Some(tools),
        policy: Some(ClarificationPolicy::Return),
        depth: Some(QueryDepth::Deep),
        expect,
        accept_also: Vec::new(),
        expect_assumption: false,
        gate: Gate::Required,
        kind: kind.to_owned(),
        method: None,
        arguments: None,
        plan_only: true,
        methods: Vec::new(),
        expect_gap: false,
        expect_conflict: false,
        expect_cited_title: None,
        history: Vec::new(),
    }
}

/// A suite of imported cases: it measures and gates nothing (no thresholds); a team adds the
/// bounds it wants to hold.
fn benchmark_suite(name: &str, description: &str, cases: Vec<Case>) -> Suite {
    Suite {
        name: name.into(),
        description: description.into(),
        tools_file: None,
        builtin_tools: false,
        docs: Vec::new(),
        thresholds: BTreeMap::<String, Threshold>::new(),
        required_stages: Vec::new(),
        cases,
    }
}

/// The BFCL categories the importer knows, with the outcome each maps to.
pub const BFCL_CATEGORIES: &[(&str, Expect)] = &[
    ("simple_python", Expect::Answer),
    ("multiple", Expect::Answer),
    ("live_simple", Expect::Answer),
    ("live_multiple", Expect::Answer),
    ("live_relevance", Expect::Answer),
    ("irrelevance", Expect::CapabilityMiss),
    ("live_irrelevance", Expect::CapabilityMiss),
];

/// The names of every function a ground-truth record calls.
fn truth_functions(path: &Path) -> anyhow::Result<HashMap<String, Vec<String>>> {
    let mut out = HashMap::new();
    if !path.exists() {
        return Ok(out);
    }
    for r in read_jsonl(path)? {
        let names = r["ground_truth"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_object)
            .flat_map(|call| call.keys().cloned())
            .collect();
        out.insert(r["id"].as_str().unwrap_or_default().to_owned(), names);
    }
    Ok(out)
}

/// How a BFCL category is imported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BfclCases {
    /// The authors' cases as they are.
    #[default]
    AsWritten,
    /// Every answer case whose tool set offers further functions, with the functions its ground
    /// truth calls taken out of the tool set: the request now sits next to methods that cannot
    /// serve it, and expects `capability_miss`. The label is derived here, not the authors'
    /// (another function may still serve a few of them).
    Withheld,
}

/// Imports BFCL v4 single-turn categories from `dir` (`BFCL_v4_<category>.json` and
/// `possible_answer/`).
pub fn bfcl(dir: &Path, categories: &[String]) -> anyhow::Result<(Suite, StaticCatalog)> {
    bfcl_cases(dir, categories, BfclCases::AsWritten)
}

/// [`bfcl`], with the cases made as `how` says.
pub fn bfcl_cases(
    dir: &Path,
    categories: &[String],
    how: BfclCases,
) -> anyhow::Result<(Suite, StaticCatalog)> {
    let wanted: Vec<&(&str, Expect)> = if categories.is_empty() {
        BFCL_CATEGORIES.iter().collect()
    } else {
        categories
            .iter()
            .map(|c| {
                BFCL_CATEGORIES
                    .iter()
                    .find(|(n, _)| n == c)
                    .with_context(|| format!("unknown BFCL category '{c}'"))
            })
            .collect::<anyhow::Result<_>>()?
    };
    let mut cases = Vec::new();
    let mut tools = Vec::new();
    for (category, expect) in wanted {
        let answers = dir
            .join("possible_answer")
            .join(format!("BFCL_v4_{category}.json"));
        // Each mode reads the answers once, for what it needs of them.
        let (truth, called) = match how {
            BfclCases::AsWritten => (ground_truth(&answers)?, HashMap::new()),
            BfclCases::Withheld => (HashMap::new(), truth_functions(&answers)?),
        };
        for r in read_jsonl(&dir.join(format!("BFCL_v4_{category}.json")))? {
            let id = r["id"].as_str().context("a record without an id")?;
            let mut functions = r["function"].as_array().cloned().unwrap_or_default();
            if how == BfclCases::Withheld {
                let Some(names) = called.get(id).filter(|n| !n.is_empty()) else {
                    continue;
                };
                let before = functions.len();
                functions.retain(|f| !names.iter().any(|n| f["name"].as_str() == Some(n.as_str())));
                if functions.is_empty() || functions.len() == before {
                    continue;
                }
                let tool = tool_id("bfcl-withheld", id);
                tools.push(manifest(
                    tool.clone(),
                    format!("BFCL {id}, withheld"),
                    &functions,
                )?);
                cases.push(case(
                    &format!("{id}-withheld"),
                    &format!("{category}_withheld"),
                    user_text(&r["question"]),
                    &tool,
                    Expect::CapabilityMiss,
                ));
                continue;
            }
            let tool = tool_id("bfcl", id);
            tools.push(manifest(tool.clone(), format!("BFCL {id}"), &functions)?);
            let mut c = case(id, category, user_text(&r["question"]), &tool, *expect);
            if *category == "live_irrelevance" {
                // Many of these are underspecified requests: asking is also right (data NOTES).
                c.accept_also = vec![Expect::ClarificationRequired];
            }
            if let Some((method, args)) = truth.get(id) {
                c.method = Some(method.clone());
                c.arguments = Some(args.clone());
            }
            cases.push(c);
        }
    }
    Ok((
        benchmark_suite(
            "bfcl",
            "BFCL v4 single-turn categories (Apache-2.0, ShishirPatil/gorilla)",
            cases,
        ),
        StaticCatalog { tools },
    ))
}

/// Imports LiveMCPBench from `dir` (`tools.json`, its catalog of real MCP servers, and
/// `all_annotations.json`, its tasks). Each task that needs no input file becomes two cases, both
/// pinned to the servers holding the tools its annotator used: `livemcpbench`, expecting an
/// answer that plans those tools (measured by method coverage), and `livemcpbench_withheld`,
/// the same request with those tools taken out of their servers, expecting `capability_miss` (a
/// label derived here: the other tools of the same servers sit next to the request). The
/// servers' tool definitions are kept as they are: no query-eligibility is declared for them, so
/// Sluice classifies their safety itself, as for any server it meets.
pub fn livemcpbench(dir: &Path) -> anyhow::Result<(Suite, StaticCatalog)> {
    let read = |name: &str| -> anyhow::Result<Value> {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("{}: not JSON", path.display()))
    };
    let servers = read("tools.json")?;
    let tasks = read("all_annotations.json")?;
    // Every server as a tool, and which tool holds each method name (the first that has it).
    let mut tools: Vec<Manifest> = Vec::new();
    let mut holder: HashMap<String, usize> = HashMap::new();
    for server in servers.as_array().context("tools.json is not a list")? {
        let title = server["name"].as_str().unwrap_or_default().to_owned();
        let methods: Vec<Value> = server["tools"]
            .as_object()
            .into_iter()
            .flatten()
            .flat_map(|(_, inner)| inner["tools"].as_array().cloned().unwrap_or_default())
            .map(|mut m| {
                if let Some(o) = m.as_object_mut() {
                    o.retain(|_, v| !v.is_null());
                }
                m
            })
            .collect();
        if methods.is_empty() {
            continue;
        }
        for m in &methods {
            if let Some(name) = m["name"].as_str() {
                holder.entry(name.to_owned()).or_insert(tools.len());
            }
        }
        tools.push(Manifest {
            id: tool_id("live", &title),
            title,
            description: server["description"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            methods,
        });
    }
    let mut cases = Vec::new();
    let mut withheld_tools = Vec::new();
    for (n, task) in tasks
        .as_array()
        .context("all_annotations.json is not a list")?
        .iter()
        .enumerate()
    {
        let query = task["Question"].as_str().unwrap_or_default().trim();
        if query.is_empty() || task["file_name"].as_str().is_some_and(|f| !f.is_empty()) {
            continue;
        }
        // "1. load\n2. beat_track": the numbered names of the tools used.
        let mut used: Vec<String> = Vec::new();
        for line in task["Annotator Metadata"]["Tools"]
            .as_str()
            .unwrap_or_default()
            .lines()
        {
            let name = line
                .trim()
                .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                .trim();
            if holder.contains_key(name) && !used.iter().any(|u| u == name) {
                used.push(name.to_owned());
            }
        }
        if used.is_empty() {
            continue;
        }
        let mut at: Vec<usize> = used.iter().map(|u| holder[u]).collect();
        at.sort_unstable();
        at.dedup();
        let id = format!("livemcpbench_{n}");
        let mut answer = case_over(
            &id,
            "livemcpbench",
            query.to_owned(),
            at.iter().map(|i| tools[*i].id.clone()).collect(),
            Expect::Answer,
        );
        answer.methods = used.clone();
        cases.push(answer);
        let rest: Vec<Manifest> = at
            .iter()
            .filter_map(|i| {
                let t = &tools[*i];
                let methods: Vec<Value> = t
                    .methods
                    .iter()
                    .filter(|m| !used.iter().any(|u| m["name"].as_str() == Some(u.as_str())))
                    .cloned()
                    .collect();
                (!methods.is_empty()).then(|| Manifest {
                    id: format!("{}-without-{n}", t.id),
                    methods,
                    ..t.clone()
                })
            })
            .collect();
        if rest.is_empty() {
            continue;
        }
        cases.push(case_over(
            &format!("{id}-withheld"),
            "livemcpbench_withheld",
            query.to_owned(),
            rest.iter().map(|t| t.id.clone()).collect(),
            Expect::CapabilityMiss,
        ));
        withheld_tools.extend(rest);
    }
    tools.extend(withheld_tools);
    Ok((
        benchmark_suite(
            "livemcpbench",
            "LiveMCPBench tasks over its real MCP servers (Apache-2.0, icip-cas/LiveMCPBench)",
            cases,
        ),
        StaticCatalog { tools },
    ))
}

/// BFCL's multi-turn categories, with the outcome of a turn whose ground truth is empty.
pub const BFCL_MULTI_TURN: &[(&str, Expect)] = &[
    ("multi_turn_base", Expect::Answer),
    ("multi_turn_miss_func", Expect::CapabilityMiss),
    ("multi_turn_miss_param", Expect::ClarificationRequired),
];

/// The function-doc file of each API class the multi-turn records involve
/// (`multi_turn_func_doc/`).
const BFCL_CLASS_DOCS: &[(&str, &str)] = &[
    ("GorillaFileSystem", "gorilla_file_system.json"),
    ("MathAPI", "math_api.json"),
    ("MessageAPI", "message_api.json"),
    ("TicketAPI", "ticket_api.json"),
    ("TradingBot", "trading_bot.json"),
    ("TravelAPI", "travel_booking.json"),
    ("TwitterAPI", "posting_api.json"),
    ("VehicleControlAPI", "vehicle_control.json"),
];

/// The function names a ground-truth turn calls (`"mv(source='a')"` → `mv`), without repeats.
fn called(turn: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for call in turn
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        let name = call.split('(').next().unwrap_or_default().trim().to_owned();
        if !name.is_empty() && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// Imports BFCL v4 multi-turn categories from `dir`, turn by turn: each turn with a user message
/// is a case whose earlier user turns are its history. A turn whose ground truth is empty is a
/// capability miss (`multi_turn_miss_func`: its function is withheld until a later turn) or a
/// clarification (`multi_turn_miss_param`); every other turn is an answer that should plan
/// every function the ground truth calls (`methods`).
pub fn bfcl_multi_turn(
    dir: &Path,
    categories: &[String],
) -> anyhow::Result<(Suite, StaticCatalog)> {
    let docs_dir = dir.join("multi_turn_func_doc");
    let mut docs: HashMap<&str, Vec<Value>> = HashMap::new();
    for (class, file) in BFCL_CLASS_DOCS {
        docs.insert(class, read_jsonl(&docs_dir.join(file))?);
    }
    let mut cases = Vec::new();
    let mut tools = Vec::new();
    for (category, empty_turn) in BFCL_MULTI_TURN
        .iter()
        .filter(|(c, _)| categories.is_empty() || categories.iter().any(|w| w == c))
    {
        let truth: HashMap<String, Value> = read_jsonl(
            &dir.join("possible_answer")
                .join(format!("BFCL_v4_{category}.json")),
        )?
        .into_iter()
        .map(|g| {
            (
                g["id"].as_str().unwrap_or_default().to_owned(),
                g["ground_truth"].clone(),
            )
        })
        .collect();
        for r in read_jsonl(&dir.join(format!("BFCL_v4_{category}.json")))? {
            let id = r["id"].as_str().context("a record without an id")?;
            let excluded: Vec<&str> = r["excluded_function"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            let functions: Vec<Value> = r["involved_classes"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .filter_map(|class| docs.get(class))
                .flatten()
                .filter(|f| !excluded.contains(&f["name"].as_str().unwrap_or_default()))
                .cloned()
                .collect();
            let withheld_at = |turn: usize| -> Vec<String> {
                r["missed_function"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .filter(|(k, _)| k.parse::<usize>().is_ok_and(|k| k > turn))
                    .flat_map(|(_, v)| v.as_array().cloned().unwrap_or_default())
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            };
            let mut history: Vec<String> = Vec::new();
            for (turn, question) in r["question"].as_array().into_iter().flatten().enumerate() {
                let text = user_text(&json!([question]));
                if text.trim().is_empty() {
                    continue;
                }
                let withheld = withheld_at(turn);
                let offered: Vec<Value> = functions
                    .iter()
                    .filter(|f| !withheld.iter().any(|w| f["name"] == w.as_str()))
                    .cloned()
                    .collect();
                let case_id = format!("{id}-turn-{turn}");
                let tool = tool_id("bfcl", &case_id);
                tools.push(manifest(tool.clone(), format!("BFCL {id}"), &offered)?);
                let expected = truth.get(id).map(|t| called(&t[turn])).unwrap_or_default();
                let expect = if expected.is_empty() {
                    *empty_turn
                } else {
                    Expect::Answer
                };
                let mut c = case(&case_id, category, text.clone(), &tool, expect);
                c.history = history.iter().cloned().map(Said::User).collect();
                if expect == Expect::Answer {
                    c.methods = expected;
                }
                cases.push(c);
                history.push(text);
            }
        }
    }
    Ok((
        benchmark_suite(
            "bfcl-multi-turn",
            "BFCL v4 multi-turn categories, turn by turn with the earlier turns as history (Apache-2.0, ShishirPatil/gorilla)",
            cases,
        ),
        StaticCatalog { tools },
    ))
}

/// Imports the When2Call LLM-judge test file. Arguments for `tool_call` items come from the BFCL
/// ground truth of the same `source_id` when the question is unchanged (`bfcl_dir`).
pub fn when2call(file: &Path, bfcl_dir: &Path) -> anyhow::Result<(Suite, StaticCatalog)> {
    let mut bfcl_questions: HashMap<String, String> = HashMap::new();
    let mut truth: Truth = HashMap::new();
    for category in ["live_simple", "live_multiple"] {
        let questions = bfcl_dir.join(format!("BFCL_v4_{category}.json"));
        if questions.exists() {
            for r in read_jsonl(&questions)? {
                bfcl_questions.insert(
                    r["id"].as_str().unwrap_or_default().to_owned(),
                    user_text(&r["question"]),
                );
            }
            truth.extend(ground_truth(
                &bfcl_dir
                    .join("possible_answer")
                    .join(format!("BFCL_v4_{category}.json")),
            )?);
        }
    }
    let mut cases = Vec::new();
    let mut tools = Vec::new();
    for r in read_jsonl(file)? {
        let uuid = r["uuid"].as_str().context("a record without a uuid")?;
        let functions: Vec<Value> = r["tools"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|t| {
                t.as_str()
                    .map_or_else(|| Ok(t.clone()), serde_json::from_str)
            })
            .collect::<Result<_, _>>()
            .context("a tool that is not JSON")?;
        let tool = tool_id("w2c", &uuid[..uuid.len().min(13)]);
        tools.push(manifest(
            tool.clone(),
            format!("When2Call {uuid}"),
            &functions,
        )?);
        let question = r["question"].as_str().unwrap_or_default().to_owned();
        let expect = match r["correct_answer"].as_str() {
            Some("tool_call") => Expect::Answer,
            Some("request_for_info") => Expect::ClarificationRequired,
            Some("cannot_answer") => Expect::CapabilityMiss,
            other => anyhow::bail!("{uuid}: unknown correct_answer {other:?}"),
        };
        let mut c = case(
            uuid,
            r["correct_answer"].as_str().unwrap_or_default(),
            question.clone(),
            &tool,
            expect,
        );
        if expect == Expect::Answer {
            let target: Option<Value> = r["target_tool"]
                .as_str()
                .and_then(|t| serde_json::from_str(t).ok());
            c.method = target
                .as_ref()
                .and_then(|t| t["name"].as_str())
                .map(str::to_owned);
            let source = r["source_id"].as_str().unwrap_or_default();
            if bfcl_questions.get(source) == Some(&question)
                && let Some((m, args)) = truth.get(source)
                && c.method.as_deref() == Some(m.as_str())
            {
                c.arguments = Some(args.clone());
            }
        }
        cases.push(c);
    }
    Ok((
        benchmark_suite(
            "when2call",
            "NVIDIA When2Call LLM-judge test subset (Apache-2.0)",
            cases,
        ),
        StaticCatalog { tools },
    ))
}

/// Writes `suite` to `out` and its catalog beside it (`<out stem>.tools.json`).
pub fn write(mut suite: Suite, catalog: &StaticCatalog, out: &Path) -> anyhow::Result<PathBuf> {
    let stem = out.file_stem().and_then(|s| s.to_str()).unwrap_or("suite");
    let tools_name = format!("{stem}.tools.json");
    let tools_path = out.with_file_name(&tools_name);
    std::fs::write(&tools_path, serde_json::to_string(catalog)?)
        .with_context(|| format!("cannot write {}", tools_path.display()))?;
    suite.tools_file = Some(PathBuf::from(tools_name));
    suite
        .save(out)
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(tools_path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bfcl_function_becomes_a_method_in_json_schema() {
        let bfcl = json!({"name": "f", "description": "d", "parameters": {"type": "dict", "properties": {"a": {"type": "float"}, "b": {"type": "tuple", "items": {"type": "dict", "properties": {"x": {"type": "any"}}}}}, "required": ["a"]}});
        assert_eq!(
            method(&bfcl).unwrap()["inputSchema"],
            json!({"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "array", "items": {"type": "object", "properties": {"x": {}}}}}, "required": ["a"]})
        );
    }

    #[test]
    fn multi_turn_records_become_one_case_per_user_turn_with_history() {
        let dir = std::env::temp_dir().join(format!("sluice-mt-{}", std::process::id()));
        let docs = dir.join("multi_turn_func_doc");
        std::fs::create_dir_all(&docs).unwrap();
        std::fs::create_dir_all(dir.join("possible_answer")).unwrap();
        let f = |name: &str| {
            json!({"name": name, "description": format!("{name} a file"), "parameters": {"type": "dict", "properties": {}}}).to_string()
        };
        for (class, file) in BFCL_CLASS_DOCS {
            let body = if *class == "GorillaFileSystem" {
                [f("ls"), f("sort"), f("cp")].join("\n")
            } else {
                String::new()
            };
            std::fs::write(docs.join(file), body).unwrap();
        }
        let record = json!({"id": "multi_turn_miss_func_0", "involved_classes": ["GorillaFileSystem"],
            "excluded_function": ["cp"], "missed_function": {"2": ["sort"]},
            "question": [[{"role": "user", "content": "List the files"}], [{"role": "user", "content": "Sort the report"}], [], [{"role": "user", "content": "Now list again"}]]});
        std::fs::write(
            dir.join("BFCL_v4_multi_turn_miss_func.json"),
            record.to_string(),
        )
        .unwrap();
        let truth = json!({"id": "multi_turn_miss_func_0", "ground_truth": [["ls()"], [], ["sort(file_name='report')"], ["cd(folder='x')", "ls(a=True)"]]});
        std::fs::write(
            dir.join("possible_answer/BFCL_v4_multi_turn_miss_func.json"),
            truth.to_string(),
        )
        .unwrap();

        let (suite, catalog) = bfcl_multi_turn(&dir, &["multi_turn_miss_func".into()]).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        let summary: Vec<(&str, Expect, Vec<String>, Vec<String>)> = suite
            .cases
            .iter()
            .map(|c| {
                (
                    c.query.as_str(),
                    c.expect,
                    c.methods.clone(),
                    c.history
                        .iter()
                        .map(|t| t.turn().content)
                        .collect::<Vec<_>>(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                (
                    "List the files",
                    Expect::Answer,
                    vec!["ls".to_owned()],
                    vec![]
                ),
                (
                    "Sort the report",
                    Expect::CapabilityMiss,
                    vec![],
                    vec!["List the files".to_owned()]
                ),
                (
                    "Now list again",
                    Expect::Answer,
                    vec!["cd".to_owned(), "ls".to_owned()],
                    vec!["List the files".to_owned(), "Sort the report".to_owned()]
                ),
            ]
        );
        // The withheld function is absent before its turn and back after it; excluded ones never.
        let names = |i: usize| -> Vec<String> {
            catalog.tools[i]
                .methods
                .iter()
                .map(|m| m["name"].as_str().unwrap().to_owned())
                .collect()
        };
        assert_eq!(names(1), ["ls"]);
        assert_eq!(names(2), ["ls", "sort"]);
    }

    #[test]
    fn withheld_cases_lose_the_functions_their_truth_calls_and_expect_a_miss() {
        let dir = std::env::temp_dir().join(format!("sluice-withheld-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("possible_answer")).unwrap();
        let f = |name: &str| json!({"name": name, "description": format!("{name} things"), "parameters": {"type": "dict", "properties": {}}});
        let records = [
            json!({"id": "multiple_0", "question": [[{"role": "user", "content": "Weather in Oslo and the time there"}]],
                "function": [f("get_weather"), f("get_time"), f("get_news")]}),
            // One function only: withholding it would leave nothing, so no case.
            json!({"id": "multiple_1", "question": [[{"role": "user", "content": "News today"}]],
                "function": [f("get_news")]}),
            // A truth calling nothing offered: nothing is withheld, so no case.
            json!({"id": "multiple_2", "question": [[{"role": "user", "content": "Stock price"}]],
                "function": [f("get_news"), f("get_time")]}),
        ];
        let truths = [
            json!({"id": "multiple_0", "ground_truth": [{"get_weather": {"city": ["Oslo"]}}, {"get_time": {"city": ["Oslo"]}}]}),
            json!({"id": "multiple_1", "ground_truth": [{"get_news": {}}]}),
            json!({"id": "multiple_2", "ground_truth": [{"get_stock": {}}]}),
        ];
        let lines = |v: &[Value]| {
            v.iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        };
        std::fs::write(dir.join("BFCL_v4_multiple.json"), lines(&records)).unwrap();
        std::fs::write(
            dir.join("possible_answer/BFCL_v4_multiple.json"),
            lines(&truths),
        )
        .unwrap();

        let (suite, catalog) = bfcl_cases(&dir, &["multiple".into()], BfclCases::Withheld).unwrap();
        let (written, _) = bfcl(&dir, &["multiple".into()]).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(suite.cases.len(), 1, "{:?}", suite.cases);
        let c = &suite.cases[0];
        assert_eq!(
            (c.id.as_str(), c.kind.as_str(), c.expect),
            (
                "multiple_0-withheld",
                "multiple_withheld",
                Expect::CapabilityMiss
            )
        );
        let offered: Vec<&str> = catalog.tools[0]
            .methods
            .iter()
            .map(|m| m["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            offered,
            ["get_news"],
            "every function the truth calls is taken out"
        );
        assert_eq!(c.tools.as_deref(), Some(&[catalog.tools[0].id.clone()][..]));
        // The authors' own cases are unchanged by the option's existence.
        assert_eq!(written.cases.len(), 3);
        assert!(written.cases.iter().all(|c| c.expect == Expect::Answer));
    }

    #[test]
    fn livemcpbench_tasks_become_an_answer_over_their_servers_and_a_miss_without_their_tools() {
        let dir = std::env::temp_dir().join(format!("sluice-livemcp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tool = |name: &str| json!({"name": name, "description": format!("{name} things"), "inputSchema": {"type": "object"}, "annotations": null});
        let servers = json!([
            {"name": "News Hub", "description": "News", "tools": {"news": {"tools": [tool("get-news"), tool("get-trending")]}}},
            {"name": "Files", "description": "Files", "tools": {"fs": {"tools": [tool("read_file")]}}},
            {"name": "Weather", "description": "Weather", "tools": {"w": {"tools": [tool("get-weather")]}}}
        ]);
        let tasks = json!([
            {"Question": "Show today's trending news and save it", "file_name": "",
             "Annotator Metadata": {"Tools": "1. get-trending\n2. read_file\n3. not-in-the-catalog"}},
            {"Question": "Summarise the attached file", "file_name": "a.pdf",
             "Annotator Metadata": {"Tools": "1. read_file"}},
            {"Question": "Weather in Oslo", "file_name": "",
             "Annotator Metadata": {"Tools": "1. get-weather"}}
        ]);
        std::fs::write(dir.join("tools.json"), servers.to_string()).unwrap();
        std::fs::write(dir.join("all_annotations.json"), tasks.to_string()).unwrap();
        let (suite, catalog) = livemcpbench(&dir).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        let tool_of = |id: &str| catalog.tools.iter().find(|t| t.id == id).unwrap();
        let names = |id: &str| -> Vec<String> {
            tool_of(id)
                .methods
                .iter()
                .map(|m| m["name"].as_str().unwrap().to_owned())
                .collect()
        };
        let summary: Vec<(&str, Expect, usize)> = suite
            .cases
            .iter()
            .map(|c| {
                (
                    c.id.as_str(),
                    c.expect,
                    c.tools.as_ref().map_or(0, Vec::len),
                )
            })
            .collect();
        // The task with an input file is left out; a task whose every tool is withheld has no
        // miss case (nothing would be left to sit beside it).
        assert_eq!(
            summary,
            [
                ("livemcpbench_0", Expect::Answer, 2),
                ("livemcpbench_0-withheld", Expect::CapabilityMiss, 1),
                ("livemcpbench_2", Expect::Answer, 1),
            ]
        );
        assert_eq!(suite.cases[0].methods, ["get-trending", "read_file"]);
        let answer_tools = suite.cases[0].tools.clone().unwrap();
        assert_eq!(names(&answer_tools[0]), ["get-news", "get-trending"]);
        let withheld = suite.cases[1].tools.clone().unwrap();
        assert_eq!(names(&withheld[0]), ["get-news"]);
        // Definitions go out as the servers wrote them: no eligibility declared, nulls dropped.
        let m = &tool_of(&answer_tools[0]).methods[0];
        assert!(
            m.get("_meta").is_none() && m.get("annotations").is_none(),
            "{m}"
        );
    }
}
