//! How answers read: the README tour and more requests over the built-in tools, each settled
//! response written as a user sees it (answer, sources, gaps; or the question; or why not) and
//! snapshotted. A reviewer reads the snapshots; a change to how answers read shows up in them.

use serde_json::{Value, json};

use crate::support::query;

/// The README tour, in its order, then requests that exercise each way an answer reads.
const REQUESTS: &[(&str, &str)] = &[
    (
        "tour_world_cup",
        r#"{"query": "Who will win the World Cup?", "tools": ["markets"]}"#,
    ),
    (
        "tour_world_cup_auto",
        r#"{"query": "Who will win the World Cup?", "tools": ["markets"], "clarificationPolicy": "auto"}"#,
    ),
    (
        "tour_world_cup_rugby",
        r#"{"query": "Who will win the World Cup?", "tools": ["markets"], "selectedOptionId": "opt-87808408760d"}"#,
    ),
    (
        "tour_bybit_heatmap",
        r#"{"query": "Show me the Bybit liquidation heatmap for BTC", "tools": ["markets"]}"#,
    ),
    (
        "tour_solana_and_museum",
        r#"{"query": "Price of Solana in euros, and also the opening hours of the city museum", "tools": ["crypto-prices"]}"#,
    ),
    (
        "tour_gainers_limit",
        r#"{"query": "Top crypto gainers today, limit=10", "tools": ["crypto-prices"]}"#,
    ),
    (
        "tour_transfer",
        r#"{"query": "Transfer 0.5 ETH from acct-0001 to 0x9f2c"}"#,
    ),
    (
        "tour_solana_evidence",
        r#"{"query": "Price of Solana in euros", "responseShape": "answer_with_evidence"}"#,
    ),
    (
        "tour_fed",
        r#"{"query": "Will the Fed cut interest rates in December?"}"#,
    ),
    (
        "solana_in_euros",
        r#"{"query": "What is the price of Solana in euros?"}"#,
    ),
    (
        "ether_24_hour_change",
        r#"{"query": "What is the 24 hour change of ethereum?"}"#,
    ),
    (
        "arsenal_table",
        r#"{"query": "How is Arsenal doing in the Premier League table?"}"#,
    ),
    (
        "arsenal_standings_row",
        r#"{"query": "Where are Arsenal in the Premier League standings?"}"#,
    ),
    (
        "spain_odds_row",
        r#"{"query": "What are Spain's odds at the FIFA World Cup 2026?"}"#,
    ),
    (
        "bitcoin_market_cap",
        r#"{"query": "What is the market cap of Bitcoin?"}"#,
    ),
    (
        "ether_volume",
        r#"{"query": "What is Ethereum's trading volume?"}"#,
    ),
    (
        "bitcoin_on_kraken_gap",
        r#"{"query": "What is the price of Bitcoin on Kraken?"}"#,
    ),
    (
        "la_liga_table",
        r#"{"query": "Show the La Liga standings"}"#,
    ),
    (
        "transaction_history",
        r#"{"query": "Show the transaction history of acct-0001"}"#,
    ),
    (
        "top_gainers",
        r#"{"query": "Top crypto gainers today", "tools": ["crypto-prices"]}"#,
    ),
    (
        "balances",
        r#"{"query": "What are the balances of acct-0001?"}"#,
    ),
    (
        "eth_in_account_row",
        r#"{"query": "How much ETH is in acct-0001?"}"#,
    ),
    (
        "arsenal_squad",
        r#"{"query": "Who is in the Arsenal squad this season?", "tools": ["sports-data"]}"#,
    ),
    (
        "fed_market_open",
        r#"{"query": "Is the Fed market still open?"}"#,
    ),
    (
        "crypto_events",
        r#"{"query": "List the prediction market events about crypto"}"#,
    ),
];

/// A settled response as a user reads it.
fn reading(r: &Value) -> String {
    let mut out = format!("outcome: {}\n", r["outcome"].as_str().unwrap_or("?"));
    if let Some(answer) = r["answer"].as_str() {
        out.push_str(&format!("\n{answer}\n"));
    }
    let list = |k: &str| r[k].as_array().cloned().unwrap_or_default();
    let citations = list("citations");
    if !citations.is_empty() {
        out.push_str("\nsources:\n");
        for c in citations {
            out.push_str(&format!(
                "  [{}] {} — {}.{}\n",
                c["ordinal"],
                c["title"].as_str().unwrap_or(""),
                c["toolId"].as_str().unwrap_or(""),
                c["method"].as_str().unwrap_or("")
            ));
        }
    }
    for (k, name) in [("gaps", "gap"), ("conflicts", "conflict")] {
        for g in list(k) {
            out.push_str(&format!("{name}: {}\n", g.as_str().unwrap_or("")));
        }
    }
    if let Some(c) = r.get("clarification") {
        out.push_str(&format!("\n{}\n", c["question"].as_str().unwrap_or("")));
        for o in c["options"].as_array().into_iter().flatten() {
            out.push_str(&format!("  - {}\n", o["label"].as_str().unwrap_or("")));
        }
    }
    if let Some(m) = r.get("capabilityMiss") {
        out.push_str(&format!(
            "\n{}: {}\n",
            m["reason"].as_str().unwrap_or(""),
            m["message"].as_str().unwrap_or("")
        ));
    }
    out
}

#[tokio::test]
async fn answers_read_as_sentences_and_tables() {
    for (name, body) in REQUESTS {
        let body: Value = serde_json::from_str(body).unwrap();
        let r = query(body.clone()).await;
        insta::with_settings!({snapshot_suffix => *name, description => body["query"].as_str().unwrap(), omit_expression => true}, {
            insta::assert_snapshot!("answer", reading(&r));
        });
    }
}

/// Whether `word` is written like a field name: `snake_case` or `camelCase`.
fn field_like(word: &str) -> bool {
    let w = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '_');
    let snake = w.contains('_') && w.chars().any(char::is_alphabetic);
    let camel = w
        .chars()
        .zip(w.chars().skip(1))
        .any(|(a, b)| a.is_ascii_lowercase() && b.is_ascii_uppercase());
    snake || camel
}

/// Every key of `v`, at any depth.
fn keys(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                out.push(k.clone());
                keys(child, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| keys(i, out)),
        _ => {}
    }
}

#[tokio::test]
async fn no_answer_shows_a_raw_field_name() {
    assert!(field_like("change24hPct") && field_like("team_id") && !field_like("acct-0001"));
    let mut answered = 0;
    for (_, body) in REQUESTS {
        let mut body: Value = serde_json::from_str(body).unwrap();
        body["responseShape"] = json!("answer_with_evidence");
        let r = query(body.clone()).await;
        let Some(answer) = r["answer"].as_str() else {
            continue;
        };
        answered += 1;
        let mut raw = Vec::new();
        for e in r["evidence"].as_array().into_iter().flatten() {
            keys(&e["data"], &mut raw);
        }
        raw.retain(|k| field_like(k));
        for line in answer.lines() {
            for word in line.split(|c: char| c.is_whitespace() || c == '|') {
                assert!(!field_like(word), "{word:?} in {line:?} ({body})");
            }
            for k in &raw {
                assert!(!line.contains(k.as_str()), "{k:?} in {line:?} ({body})");
            }
        }
    }
    assert!(answered >= 15, "most of the requests answer: {answered}");
}
