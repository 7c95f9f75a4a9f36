//! The program contract: results, tool calls, errors, logs.

use executor::{CallErrorKind, RunOutcome};
use serde_json::json;

use crate::support::run;

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
    assert!(record.fuel_used.unwrap() > 0);
}
