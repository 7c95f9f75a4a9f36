//! Planning: the chosen interpretation becomes a JavaScript program for the executor.
//!
//! Without a configured model the deterministic planner plans the calls — one per planned
//! invocation (several when the query names several values of one parameter) — and runs them
//! with the program of `templates/program.js.j2`, which makes each call its input names
//! (`input.calls`) in its own `try` so one failure does not lose the others' evidence. An
//! argument written `{"$from": "call-1", "pointer": "/items/0/id"}` is taken, when the program
//! runs, from that earlier call's result; a call whose earlier call failed fails with that reason.
//! The calls are data, never spliced into code: the program's text is one of two fixed texts
//! (with or without that reference resolver), so the sandbox compiles it once and reuses it for
//! every plan. The program calls only the interpretation's methods, which are also the only
//! entries of the run's allow-list.

use std::sync::{LazyLock, OnceLock};

use probes::Interpretation;
use serde::Serialize;
use serde_json::{Map, Value, json};

/// One call the program will make.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlannedCall {
    /// Tool id.
    pub tool: String,
    /// Method.
    pub method: String,
    /// Bound arguments.
    pub arguments: Map<String, Value>,
}

/// A program and what it will call.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    /// JavaScript: the body of an async function, one of the two fixed texts. It reads its calls
    /// from its input ([`Program::input`]).
    pub source: &'static str,
    /// The calls it makes, in order.
    pub calls: Vec<PlannedCall>,
}

impl Program {
    /// What the program runs with (the sandbox's `input`): `{"calls": [...]}`.
    pub fn input(&self) -> Value {
        json!({ "calls": self.calls })
    }

    /// The `(toolId, method)` pairs the program needs, without repeats.
    pub fn methods(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        for c in &self.calls {
            if !out.iter().any(|(t, m)| *t == c.tool && *m == c.method) {
                out.push((c.tool.clone(), c.method.clone()));
            }
        }
        out
    }

    /// The payload of the `planner-generated-code` trace event.
    pub fn to_trace(&self, planner: &str) -> Value {
        json!({"planner": planner, "source": self.source, "calls": self.calls})
    }
}

/// Planning failures.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// Bug: the template failed to render.
    #[error("the program template failed: {0}")]
    Template(String),
}

/// The program's two texts, rendered once: without and with the reference resolver.
fn source(chained: bool) -> Result<&'static str, PlanError> {
    static SOURCES: OnceLock<Result<[String; 2], String>> = OnceLock::new();
    let sources = SOURCES.get_or_init(|| {
        let mut env = minijinja::Environment::new();
        env.add_template("program.js", include_str!("../templates/program.js.j2"))
            .map_err(|e| e.to_string())?;
        let template = env.get_template("program.js").map_err(|e| e.to_string())?;
        let render = |chained: bool| {
            template
                .render(minijinja::context! { chained => chained })
                .map_err(|e| e.to_string())
        };
        Ok([render(false)?, render(true)?])
    });
    match sources {
        Ok(texts) => Ok(&texts[usize::from(chained)]),
        Err(e) => Err(PlanError::Template(e.clone())),
    }
}

/// The calls an interpretation stands for: the calls whose results give its arguments, then its
/// own (one, or one per fanned-out value), then those of the other asks of a compound request,
/// each with its own earlier calls. Calls are numbered from `call-1` in this order, and every
/// reference to an earlier call is renumbered to match.
pub fn calls_for(i: &Interpretation) -> Vec<PlannedCall> {
    let mut calls = Vec::new();
    for ask in std::iter::once(i).chain(&i.also) {
        let offset = calls.len();
        for earlier in &ask.before {
            calls.push(PlannedCall {
                tool: earlier.tool_id.clone(),
                method: earlier.method.clone(),
                arguments: probes::shifted(&earlier.arguments, offset),
            });
        }
        for mut call in own_calls(ask) {
            call.arguments = probes::shifted(&call.arguments, offset);
            calls.push(call);
        }
    }
    calls
}

fn own_calls(i: &Interpretation) -> Vec<PlannedCall> {
    match &i.fan_out {
        Some((param, values)) => values
            .iter()
            .map(|v| {
                let mut arguments = i.arguments.clone();
                arguments.insert(param.clone(), v.clone());
                PlannedCall {
                    tool: i.tool_id.clone(),
                    method: i.method.clone(),
                    arguments,
                }
            })
            .collect(),
        None => vec![PlannedCall {
            tool: i.tool_id.clone(),
            method: i.method.clone(),
            arguments: i.arguments.clone(),
        }],
    }
}

/// The program for `interpretation`: its calls, and the fixed text that makes them.
pub fn plan(interpretation: &Interpretation) -> Result<Program, PlanError> {
    let calls = calls_for(interpretation);
    // Only a plan with earlier calls carries the reference resolver.
    let chained = std::iter::once(interpretation)
        .chain(&interpretation.also)
        .any(|i| !i.before.is_empty());
    Ok(Program {
        source: source(chained)?,
        calls,
    })
}

/// The JSON Schema of a planner (or repair) model's answer.
pub fn model_schema() -> Value {
    json!({"type": "object", "additionalProperties": false, "required": ["program"], "properties": {"program": {"type": "string"}}})
}

/// Largest program a model may return.
pub const MAX_PROGRAM_BYTES: usize = 32 * 1024;

/// Static checks on a model-written program before it runs: size, and that every
/// `tools.<tool>.<method>` or `tools["tool"]["method"]` it names is allowed. The sandbox enforces
/// the allow-list anyway; this refuses a wrong program before spending a run on it.
pub fn check_program(source: &str, allowed: &[(String, String)]) -> Result<(), String> {
    if source.trim().is_empty() {
        return Err("the program is empty".into());
    }
    if source.len() > MAX_PROGRAM_BYTES {
        return Err(format!(
            "the program is {} bytes; the limit is {MAX_PROGRAM_BYTES}",
            source.len()
        ));
    }
    static DOTTED: LazyLock<regex::Regex> = LazyLock::new(|| {
        regex::Regex::new(r"tools\s*\.\s*([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)")
            .expect("valid")
    });
    static BRACKETED: LazyLock<regex::Regex> = LazyLock::new(|| {
        regex::Regex::new(r#"tools\s*\[\s*["']([^"']+)["']\s*\]\s*(?:\[\s*["']([^"']+)["']\s*\]|\.\s*([A-Za-z_$][\w$]*))"#).expect("valid")
    });
    let (dotted, bracketed) = (&*DOTTED, &*BRACKETED);
    let mut named = Vec::new();
    for c in dotted.captures_iter(source) {
        named.push((c[1].to_owned(), c[2].to_owned()));
    }
    for c in bracketed.captures_iter(source) {
        let method = c
            .get(2)
            .or_else(|| c.get(3))
            .map(|m| m.as_str().to_owned())
            .unwrap_or_default();
        named.push((c[1].to_owned(), method));
    }
    if named.is_empty() {
        return Err("the program calls no tool".into());
    }
    for (tool, method) in named {
        if !allowed.iter().any(|(t, m)| *t == tool && *m == method) {
            return Err(format!(
                "the program names {tool}.{method}, which is not allowed"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interpretation(fan_out: Option<(String, Vec<Value>)>) -> Interpretation {
        let mut arguments = Map::new();
        arguments.insert("tournament".into(), json!("FIFA World Cup 2026"));
        Interpretation {
            id: "opt-1".into(),
            tool_id: "markets".into(),
            method: "get_tournament_winner_odds".into(),
            arguments,
            fan_out,
            missing: Vec::new(),
            discriminator: None,
            label: "FIFA World Cup 2026".into(),
            description: "markets.get_tournament_winner_odds(tournament = FIFA World Cup 2026)"
                .into(),
            score: 1.0,
            matched_terms: Vec::new(),
            also: Vec::new(),
            before: Vec::new(),
        }
    }

    #[test]
    fn earlier_calls_come_first_and_every_reference_is_numbered_in_plan_order() {
        let call = |method: &str, arguments: Value| Interpretation {
            method: method.into(),
            arguments: arguments.as_object().cloned().unwrap_or_default(),
            ..interpretation(None)
        };
        let mut main = call(
            "squad",
            json!({"team_id": json!({"$from": "call-1", "pointer": "/teams/0/team_id"})}),
        );
        main.before = vec![call("search_teams", json!({"name": "Arsenal"}))];
        let mut other = call(
            "player",
            json!({"player_id": json!({"$from": "call-1", "pointer": "/players/0/id"})}),
        );
        other.before = vec![call("search_players", json!({"name": "Saka"}))];
        main.also = vec![other];
        let calls = calls_for(&main);
        let order: Vec<&str> = calls.iter().map(|c| c.method.as_str()).collect();
        assert_eq!(order, ["search_teams", "squad", "search_players", "player"]);
        assert_eq!(
            calls[1].arguments["team_id"],
            json!({"$from": "call-1", "pointer": "/teams/0/team_id"})
        );
        // The second ask's earlier call is the third of the plan.
        assert_eq!(
            calls[3].arguments["player_id"],
            json!({"$from": "call-3", "pointer": "/players/0/id"})
        );
    }

    #[test]
    fn model_programs_are_checked_before_they_run() {
        let allowed = vec![("markets".to_owned(), "search_markets".to_owned())];
        assert!(
            check_program(
                "return tools.markets.search_markets({query: 'x'});",
                &allowed
            )
            .is_ok()
        );
        assert!(
            check_program("return tools['markets'][\"search_markets\"]({});", &allowed).is_ok()
        );
        assert!(
            check_program("return tools.wallet.transfer({});", &allowed)
                .unwrap_err()
                .contains("wallet.transfer")
        );
        assert!(check_program("return tools[\"markets\"].get_market({});", &allowed).is_err());
        assert!(
            check_program("return 1;", &allowed)
                .unwrap_err()
                .contains("no tool")
        );
        assert!(check_program(&"x".repeat(MAX_PROGRAM_BYTES + 1), &allowed).is_err());
    }

    #[test]
    fn renders_one_call() {
        let p = plan(&interpretation(None)).unwrap();
        insta::assert_snapshot!(p.source);
        assert_eq!(
            p.methods(),
            [(
                "markets".to_owned(),
                "get_tournament_winner_odds".to_owned()
            )]
        );
    }

    #[test]
    fn every_plan_of_a_kind_has_the_same_text() {
        let one = plan(&interpretation(None)).unwrap();
        let mut other = interpretation(Some(("team".into(), vec![json!("Spain")])));
        other.method = "get_team_odds".into();
        let two = plan(&other).unwrap();
        assert_eq!(one.source, two.source);
        assert_ne!(one.input(), two.input());
        let mut chained = interpretation(None);
        chained.before = vec![interpretation(None)];
        let three = plan(&chained).unwrap();
        assert_ne!(three.source, one.source);
        assert!(three.source.contains("resolve"));
        assert!(!one.source.contains("resolve"));
    }

    #[test]
    fn fans_out_and_keeps_hostile_text_as_data() {
        let mut i = interpretation(Some((
            "team".into(),
            vec![
                json!("Spain"),
                json!("</script>\"); tools.wallet.transfer({})//"),
            ],
        )));
        i.description = "line\nbreak */ injected".into();
        let p = plan(&i).unwrap();
        assert_eq!(p.calls.len(), 2);
        // The hostile text never reaches the program's text; the input carries it verbatim.
        assert!(!p.source.contains("wallet") && !p.source.contains("injected"));
        assert_eq!(p.source, plan(&interpretation(None)).unwrap().source);
        assert_eq!(
            p.input()["calls"][1]["arguments"]["team"],
            json!("</script>\"); tools.wallet.transfer({})//")
        );
        assert_eq!(p.methods().len(), 1);
    }
}

#[cfg(test)]
mod fuzz {
    //! A model-written program is untrusted text: the static check answers for any input, and
    //! what it accepts names only allowed methods.

    use proptest::prelude::*;

    use super::*;

    fn allowed() -> Vec<(String, String)> {
        vec![
            ("markets".to_owned(), "search_markets".to_owned()),
            ("crypto".to_owned(), "get_price".to_owned()),
        ]
    }

    /// A call the program may or may not be allowed to make, in one of the spellings.
    fn call() -> impl Strategy<Value = (bool, String)> {
        let name = prop_oneof![
            Just(("markets", "search_markets", true)),
            Just(("crypto", "get_price", true)),
            Just(("wallet", "transfer", false)),
            Just(("markets", "place_order", false)),
        ];
        (name, 0..4usize, "[ \n]{0,2}").prop_map(|((tool, method, ok), style, ws)| {
            let text = match style {
                0 => format!("tools.{tool}.{method}({{}})"),
                1 => format!("tools[{ws}'{tool}'{ws}][\"{method}\"]({{}})"),
                2 => format!("tools{ws}.{ws}{tool}{ws}.{ws}{method}({{}})"),
                _ => format!("tools[\"{tool}\"].{method}({{}})"),
            };
            (ok, text)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        #[test]
        fn any_text_is_checked_without_panicking(source in ".{0,400}") {
            if check_program(&source, &allowed()).is_ok() {
                prop_assert!(source.contains("tools"));
            }
        }

        #[test]
        fn a_program_passes_exactly_when_every_call_is_allowed(
            calls in prop::collection::vec(call(), 1..5),
            filler in prop::collection::vec("[a-z0-9 =;+(){}\n]{0,20}", 5),
        ) {
            let mut source = String::from("const out = [];\n");
            for (i, (_, text)) in calls.iter().enumerate() {
                source.push_str(&format!("{}\nout.push(await {text});\n", filler[i % filler.len()]));
            }
            source.push_str("return out;");
            let all_allowed = calls.iter().all(|(ok, _)| *ok);
            let verdict = check_program(&source, &allowed());
            prop_assert_eq!(verdict.is_ok(), all_allowed, "{:?} for\n{}", verdict, source);
        }
    }
}
