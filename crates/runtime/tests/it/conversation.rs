//! `context.history`: the current turn chooses the method; earlier turns resolve what it points
//! back at and fill values it leaves open.

use serde_json::{Value, json};

use crate::support::query;

fn history(turns: &[&str]) -> Value {
    let turns: Vec<Value> = turns
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let role = if i % 2 == 0 { "user" } else { "assistant" };
            json!({"role": role, "content": t})
        })
        .collect();
    json!({"history": turns})
}

fn first_call(r: &Value) -> &Value {
    &r["plan"]["calls"][0]
}

#[tokio::test]
async fn a_follow_up_is_read_with_the_turn_it_follows_in_every_lane() {
    for depth in ["fast", "deep", "auto"] {
        let r = query(json!({
            "query": "and in euros?", "tools": ["crypto-prices"], "queryDepth": depth, "planOnly": true,
            "context": history(&["What is the price of Solana?", "Solana is at 150 US dollars."])
        }))
        .await;
        assert_eq!(r["outcome"], "answer", "{depth}: {r}");
        let call = first_call(&r);
        assert_eq!(call["method"], "get_spot_price", "{depth}: {r}");
        assert_eq!(call["arguments"]["symbol"], "SOL", "{depth}: {r}");
        assert_eq!(call["arguments"]["currency"], "EUR", "{depth}: {r}");
    }
    // Without the history the same words leave the asset open.
    let alone =
        query(json!({"query": "and in euros?", "tools": ["crypto-prices"], "planOnly": true}))
            .await;
    assert_eq!(alone["outcome"], "clarification_required", "{alone}");
    assert_eq!(
        alone["clarification"]["missingParameters"],
        json!(["symbol"])
    );
}

#[tokio::test]
async fn the_current_turn_chooses_the_method() {
    let r = query(json!({
        "query": "Who will win the FIFA Women's World Cup 2027?", "planOnly": true,
        "context": history(&["What is the price of Solana in euros?", "About 140 euros."])
    }))
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(
        first_call(&r)["method"],
        "get_tournament_winner_odds",
        "{r}"
    );
}

#[tokio::test]
async fn a_value_the_current_turn_leaves_open_comes_from_an_earlier_turn() {
    let asked = query(json!({
        "query": "Show me the current standings table", "tools": ["sports-data"], "planOnly": true
    }))
    .await;
    assert_eq!(asked["outcome"], "clarification_required", "{asked}");
    let r = query(json!({
        "query": "Show me the current standings table", "tools": ["sports-data"], "planOnly": true,
        "context": history(&["I follow La Liga closely.", "Noted."])
    }))
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(first_call(&r)["method"], "get_standings", "{r}");
    assert_eq!(first_call(&r)["arguments"]["league"], "La Liga", "{r}");
}

#[tokio::test]
async fn a_value_the_current_turn_leaves_unnamed_on_purpose_is_asked_for() {
    // "another league" is not the one the earlier turn named.
    let r = query(json!({
        "query": "Show me the current standings table of another league", "tools": ["sports-data"],
        "planOnly": true, "context": history(&["I follow La Liga closely.", "Noted."])
    }))
    .await;
    assert_eq!(r["outcome"], "clarification_required", "{r}");
    assert_eq!(
        r["clarification"]["missingParameters"],
        json!(["league"]),
        "{r}"
    );
}

#[tokio::test]
async fn a_reply_to_what_the_assistant_asked_is_read_with_the_turn_it_answers() {
    let asked = [
        "Show me the current standings table",
        "Which league do you mean?",
    ];
    let reply = "My favourite competition is the Bundesliga";
    for depth in ["fast", "deep", "auto"] {
        let r = query(json!({
            "query": reply, "tools": ["sports-data"], "queryDepth": depth, "planOnly": true,
            "context": history(&asked)
        }))
        .await;
        assert_eq!(r["outcome"], "answer", "{depth}: {r}");
        assert_eq!(first_call(&r)["method"], "get_standings", "{depth}: {r}");
        assert_eq!(
            first_call(&r)["arguments"]["league"],
            "Bundesliga",
            "{depth}: {r}"
        );
    }
    // After a reply that asked nothing, the same words are a request of their own, which no
    // method serves.
    let told = query(json!({
        "query": reply, "tools": ["sports-data"], "planOnly": true,
        "context": history(&["Show me the current standings table", "Here is the table."])
    }))
    .await;
    assert_eq!(told["outcome"], "capability_miss", "{told}");
}

#[tokio::test]
async fn a_position_in_what_the_assistant_listed_names_the_thing_there() {
    let context = history(&[
        "Find clubs called United",
        "I found two: Manchester United (t-004) and Newcastle United (t-007).",
    ]);
    for depth in ["fast", "deep", "auto"] {
        let r = query(json!({
            "query": "Show me the squad of the second one", "tools": ["sports-data"],
            "queryDepth": depth, "planOnly": true, "context": context
        }))
        .await;
        assert_eq!(r["outcome"], "answer", "{depth}: {r}");
        assert_eq!(first_call(&r)["method"], "team_squad", "{depth}: {r}");
        assert_eq!(
            first_call(&r)["arguments"]["team_id"],
            "t-007",
            "{depth}: {r}"
        );
    }
}
