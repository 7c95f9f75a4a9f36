//! Planning: the chosen interpretation becomes a JavaScript program for the executor.
//!
//! Without a configured model the deterministic planner renders `templates/program.js.j2`: one
//! call per planned invocation (several when the query names several values of one parameter),
//! each in its own `try` so one failure does not lose the others' evidence. Arguments are
//! embedded as JSON, never spliced as code. The program calls only the interpretation's method,
//! which is also the only entry of the run's allow-list.

use std::sync::OnceLock;

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
    /// JavaScript: the body of an async function.
    pub source: String,
    /// The calls it makes, in order.
    pub calls: Vec<PlannedCall>,
}

impl Program {
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

fn environment() -> &'static minijinja::Environment<'static> {
    static ENV: OnceLock<minijinja::Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = minijinja::Environment::new();
        env.add_template("program.js", include_str!("../templates/program.js.j2"))
            .expect("the program template parses (tested)");
        env
    })
}

/// The calls an interpretation stands for: one, or one per fanned-out value.
pub fn calls_for(i: &Interpretation) -> Vec<PlannedCall> {
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

/// Renders the program for `interpretation`.
pub fn plan(interpretation: &Interpretation) -> Result<Program, PlanError> {
    let calls = calls_for(interpretation);
    let source = environment()
        .get_template("program.js")
        .and_then(|t| t.render(minijinja::context! { description => interpretation.description.as_str(), calls => minijinja::Value::from(minijinja::value::Serde(&calls)) }))
        .map_err(|e| PlanError::Template(e.to_string()))?;
    Ok(Program { source, calls })
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
        }
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
    fn fans_out_and_embeds_hostile_text_as_data() {
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
        // The calls line parses back to exactly the planned calls: the hostile text is data.
        let line = p
            .source
            .lines()
            .find(|l| l.starts_with("const calls = "))
            .unwrap();
        let embedded: Value = serde_json::from_str(
            line.trim_start_matches("const calls = ")
                .trim_end_matches(';'),
        )
        .unwrap();
        assert_eq!(embedded, serde_json::to_value(&p.calls).unwrap());
        // The description comment stays one line (the template is JSON-escaped).
        assert_eq!(p.source.lines().filter(|l| l.starts_with("//")).count(), 2);
        assert_eq!(p.methods().len(), 1);
    }
}
