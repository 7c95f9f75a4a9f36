//! The probe over the built-in marketplace: the scenarios the gate depends on.

use std::sync::Arc;

use catalog::{Marketplace, MarketplaceConfig};
use contract::ToolDescriptor;
use probes::{MethodIndex, ProbeConfig, ProbeReport};

async fn tools(ids: &[&str]) -> Vec<Arc<ToolDescriptor>> {
    let m = Marketplace::new(MarketplaceConfig::default()).unwrap();
    let ids: Vec<String> = if ids.is_empty() {
        m.tool_ids()
    } else {
        ids.iter().map(|s| s.to_string()).collect()
    };
    m.describe(&ids).await.unwrap().tools
}

async fn probe(ids: &[&str], query: &str) -> ProbeReport {
    probes::run(
        &MethodIndex::build(&tools(ids).await),
        &probes::Query::parse(query),
        &ProbeConfig::default(),
    )
}

fn labels(r: &ProbeReport) -> Vec<String> {
    r.ambiguity_pool
        .iter()
        .map(|i| format!("{}.{} {}", i.tool_id, i.method, i.label))
        .collect()
}

#[tokio::test]
async fn world_cup_is_ambiguous_across_tournaments() {
    let r = probe(&["markets"], "Who will win the World Cup?").await;
    assert!(r.missing_capability_signal.is_none());
    let l = labels(&r);
    assert!(r.ambiguity_pool.len() >= 3, "{l:?}");
    assert!(
        r.ambiguity_pool
            .iter()
            .all(|i| i.method == "get_tournament_winner_odds"),
        "{l:?}"
    );
    assert_eq!(r.ambiguity_pool[0].label, "FIFA World Cup 2026");
    let again = probe(&["markets"], "Who will win the World Cup?").await;
    assert_eq!(
        again.ambiguity_pool[0].id, r.ambiguity_pool[0].id,
        "ids are stable"
    );
}

#[tokio::test]
async fn precise_questions_have_one_interpretation() {
    for (query, method) in [
        (
            "Who will win the FIFA World Cup 2026?",
            "get_tournament_winner_odds",
        ),
        (
            "What are the odds for the Rugby World Cup 2027 winner?",
            "get_tournament_winner_odds",
        ),
        (
            "Will the Fed cut interest rates in December?",
            "search_markets",
        ),
        (
            "Which prediction markets are there on the 2028 presidential election?",
            "search_markets",
        ),
    ] {
        let r = probe(&["markets"], query).await;
        assert_eq!(
            r.ambiguity_pool.len(),
            1,
            "{query}: {:?} {:?}",
            labels(&r),
            r.ranked_methods
        );
        assert_eq!(r.ambiguity_pool[0].method, method, "{query}");
        assert!(r.ambiguity_pool[0].missing.is_empty(), "{query}");
    }
}

#[tokio::test]
async fn unsupported_requests_signal_a_missing_capability() {
    for (ids, query) in [
        (&["markets"][..], "Show me Bybit's BTC liquidation heatmap"),
        (&[][..], "Show me Bybit's BTC liquidation heatmap"),
        (&[][..], "What's the weather in Paris tomorrow?"),
        (&[][..], "Transfer 0.5 ETH from acct-0001 to 0x9f2c"),
        (&[][..], "Please place an order to buy 2 SOL"),
        (
            &["sports-data"][..],
            "Send a score alert for the Arsenal match",
        ),
        // Half of it served: the museum's hours are no market's.
        (
            &[][..],
            "Price of Solana in euros, and also the opening hours of the city museum",
        ),
    ] {
        let r = probe(ids, query).await;
        let signal = r.missing_capability_signal.as_ref();
        assert!(
            signal.is_some(),
            "{ids:?} {query}: {:?} {:?}",
            labels(&r),
            r.ranked_methods
        );
        assert!(r.ambiguity_pool.is_empty() && r.execution_shortlist.is_empty());
    }
    let r = probe(&[], "Transfer 0.5 ETH from acct-0001 to 0x9f2c").await;
    assert_eq!(
        r.missing_capability_signal.unwrap().reason,
        contract::MissReason::ExecuteOnly
    );
}

#[tokio::test]
async fn execute_methods_never_enter_a_pool() {
    let r = probe(
        &["wallet", "sports-data"],
        "wallet transfer history and score alerts",
    )
    .await;
    for i in r.ambiguity_pool.iter().chain(&r.execution_shortlist) {
        assert!(
            ![
                "transfer",
                "place_order",
                "send_score_alert",
                "purge_standings_cache"
            ]
            .contains(&i.method.as_str()),
            "{i:?}"
        );
    }
    assert!(r.excluded.iter().any(|e| e.method == "transfer"));
}

#[tokio::test]
async fn a_missing_required_parameter_is_reported() {
    let r = probe(&["crypto-prices"], "What is the current spot price?").await;
    assert_eq!(r.ambiguity_pool.len(), 1, "{:?}", labels(&r));
    let missing = &r.ambiguity_pool[0].missing;
    assert_eq!(missing[0].name, "symbol");
    assert_eq!(missing[0].choices.len(), 6);
    let r = probe(&["crypto-prices"], "What is the price of Bitcoin?").await;
    assert_eq!(r.ambiguity_pool.len(), 1, "{:?}", labels(&r));
    assert_eq!(r.ambiguity_pool[0].arguments["symbol"], "BTC");
    let r = probe(&["wallet"], "What are the balances in my wallet?").await;
    assert_eq!(
        r.ambiguity_pool[0].missing[0].name,
        "account",
        "{:?}",
        labels(&r)
    );
}

#[tokio::test]
async fn tool_selection_prefers_the_tools_the_query_is_about() {
    let all = tools(&[]).await;
    let picked = probes::select_tools(
        &probes::Query::parse("current price of ethereum"),
        &MethodIndex::build(&all),
        3,
        &probes::Weights::DEFAULT,
    );
    assert_eq!(
        picked[0].0.id,
        "crypto-prices",
        "{:?}",
        picked.iter().map(|p| (&p.0.id, p.1)).collect::<Vec<_>>()
    );
    assert!(
        probes::select_tools(
            &probes::Query::parse("zzzz qqqq"),
            &MethodIndex::build(&all),
            3,
            &probes::Weights::DEFAULT,
        )
        .is_empty()
    );
}

#[test]
fn a_destructive_request_is_never_served_by_a_method_that_claims_to_be_read_only() {
    let method = |name: &str, description: &str| {
        let wire = serde_json::json!({"name": name, "description": description,
            "annotations": {"readOnlyHint": true}});
        let meta = catalog::classify::method_meta(&wire);
        contract::MethodDescriptor {
            name: name.into(),
            description: description.into(),
            input_schema: serde_json::json!({"type": "object"}),
            output_schema: None,
            safety: catalog::classify::classify(name, description, &meta),
            meta,
        }
    };
    let tool = Arc::new(ToolDescriptor {
        id: "records".into(),
        title: "Records".into(),
        description: "The record store".into(),
        source: "test".into(),
        methods: vec![
            method("records_deletion_log", "Lists past record deletions."),
            method("count_records", "Counts the records."),
        ],
        schema_hash: None,
        schema_changed_at: None,
    });
    assert!(tool.methods.iter().all(|m| m.safety.query_safe));
    let index = MethodIndex::build(&[tool]);
    let r = probes::run(
        &index,
        &probes::Query::parse("Delete all the records"),
        &ProbeConfig::default(),
    );
    let miss = r.missing_capability_signal.expect("a miss");
    assert_eq!(miss.reason, contract::MissReason::ExecuteOnly);
    assert!(
        miss.message.contains("records.records_deletion_log")
            && miss.message.contains("contradiction"),
        "{}",
        miss.message
    );
    // Reading is still served.
    let r = probes::run(
        &index,
        &probes::Query::parse("How many records are there?"),
        &ProbeConfig::default(),
    );
    assert!(r.missing_capability_signal.is_none());
}
