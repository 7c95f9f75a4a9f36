//! Chained calls: a required argument the request does not give, but another query-safe method's
//! output does, is taken from that method's call, planned first and passed for real when the
//! program runs (`sports-data`: a club search gives the id the squad lookup takes).

use serde_json::json;

use crate::support::query;

const SQUAD: &str = "Who is in the Arsenal squad this season?";

#[tokio::test]
async fn the_plan_takes_the_id_from_the_earlier_call_by_reference() {
    let r = query(json!({"query": SQUAD, "tools": ["sports-data"], "planOnly": true})).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let calls = r["plan"]["calls"].as_array().expect("planned calls");
    assert_eq!(calls.len(), 2, "{r}");
    assert_eq!(calls[0]["method"], "search_teams");
    assert_eq!(calls[0]["arguments"], json!({"name": "Arsenal"}));
    assert_eq!(calls[1]["method"], "team_squad");
    assert_eq!(
        calls[1]["arguments"]["team_id"],
        json!({"$from": "call-1", "pointer": "/teams/0/team_id"})
    );
}

#[tokio::test]
async fn the_run_passes_the_earlier_result_and_answers_from_the_later_call() {
    let r = query(json!({"query": SQUAD, "tools": ["sports-data"]})).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(r["meta"]["toolCalls"], 2, "{r}");
    let answer = r["answer"].as_str().expect("an answer");
    // The squad is what was asked: it is the answer; the club search that found the id stays
    // in the evidence.
    assert!(
        answer.lines().any(|l| l.starts_with("| David Raya |")),
        "{answer}"
    );
    assert!(
        !answer.contains("search_teams") && !answer.contains("t-101"),
        "{answer}"
    );
    assert!(answer.contains("Bukayo Saka"), "{answer}");
    assert_eq!(r["citations"][0]["method"], "team_squad", "{r}");
}

#[tokio::test]
async fn an_earlier_call_that_finds_nothing_is_named_in_the_gaps_and_nothing_is_made_up() {
    let r = query(json!({
        "query": "Who is in the Sunderland squad this season?",
        "tools": ["sports-data"]
    }))
    .await;
    let gaps = r["gaps"].to_string();
    assert!(
        gaps.contains("team_squad") && gaps.contains("call-1 gave nothing at /teams/0/team_id"),
        "{r}"
    );
    assert!(r["citations"].as_array().is_none_or(Vec::is_empty), "{r}");
    assert_eq!(r["meta"]["toolCalls"], 1, "only the search ran: {r}");
}
