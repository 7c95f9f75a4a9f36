//! Plans are valid by construction: a value the query gives that the method's input schema
//! refuses is asked about (`invalid_parameter`, naming the value and the constraint) in every
//! lane, never planned.

use serde_json::json;

use crate::support::query;

#[tokio::test]
async fn a_value_past_the_schemas_maximum_is_asked_about_in_every_lane() {
    for depth in ["fast", "deep", "auto"] {
        let r = query(json!({
            "query": "Top crypto gainers today, limit=10",
            "tools": ["crypto-prices"], "queryDepth": depth, "planOnly": true
        }))
        .await;
        assert_eq!(r["outcome"], "clarification_required", "{depth}: {r}");
        let c = &r["clarification"];
        assert_eq!(c["kind"], "invalid_parameter", "{depth}: {r}");
        assert_eq!(c["invalidParameters"][0]["name"], "limit");
        assert_eq!(c["invalidParameters"][0]["value"], 10);
        let constraint = c["invalidParameters"][0]["constraint"].as_str().unwrap();
        assert!(constraint.contains("maximum of 6"), "{constraint}");
        let question = c["question"].as_str().unwrap();
        assert!(
            question.contains("10") && question.contains("limit"),
            "{question}"
        );
        assert!(
            r.get("plan").is_none_or(|p| p.is_null()),
            "nothing is planned: {r}"
        );
    }
}

#[tokio::test]
async fn a_value_within_the_schema_is_planned_as_the_schemas_type() {
    let r = query(json!({
        "query": "Top crypto gainers today, limit=4",
        "tools": ["crypto-prices"], "planOnly": true
    }))
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let call = &r["plan"]["calls"][0];
    assert_eq!(call["method"], "top_movers", "{r}");
    assert_eq!(
        call["arguments"]["limit"], 4,
        "an integer, not the text '4': {r}"
    );
}
