//! The model layer's own overhead per call, without the network: rendering the judge prompt,
//! and parsing and schema-validating a reply.
//!
//! `cargo bench -p models --bench overhead`

#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;

fn benches(c: &mut Criterion) {
    let mut env = minijinja::Environment::new();
    env.add_template("judge", include_str!("../../runtime/prompts/judge.j2"))
        .unwrap();
    let options: Vec<serde_json::Value> = (0..5)
        .map(|i| json!({"id": format!("opt-{i:012x}"), "label": format!("Tournament {i}"), "description": "markets.get_tournament_winner_odds(tournament = …)", "missing": []}))
        .collect();
    c.bench_function("render_judge_prompt", |b| {
        b.iter(|| {
            env.get_template("judge")
                .unwrap()
                .render(minijinja::context! { query => "Who will win the World Cup?", options => minijinja::Value::from(minijinja::value::Serde(&options)) })
                .unwrap()
        })
    });
    let schema = json!({"type": "object", "additionalProperties": false, "required": ["outcome", "optionIds", "confidence", "question"],
        "properties": {"outcome": {"type": "string", "enum": ["answer", "clarification_required", "capability_miss"]},
        "optionIds": {"type": "array", "items": {"type": "string"}}, "confidence": {"type": "number", "minimum": 0, "maximum": 1}, "question": {"type": "string"}}});
    let reply = json!({"outcome": "clarification_required", "optionIds": ["opt-000000000001", "opt-000000000002"], "confidence": 0.9, "question": "Which tournament?"}).to_string();
    c.bench_function("parse_and_validate_judge_reply", |b| {
        b.iter(|| models::validated(&reply, &schema).unwrap())
    });
}

criterion_group!(overhead, benches);
criterion_main!(overhead);
