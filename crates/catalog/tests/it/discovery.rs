//! Built-in tools over the in-memory transport.

use catalog::{CatalogError, Marketplace, MarketplaceConfig};
use contract::SafetyBasis;
use serde_json::json;

fn market() -> Marketplace {
    Marketplace::new(MarketplaceConfig::default()).unwrap()
}

#[tokio::test]
async fn lists_every_builtin_method_across_pages() {
    let m = market();
    assert_eq!(
        m.tool_ids(),
        ["crypto-prices", "markets", "sports-data", "wallet"]
    );
    let d = m.describe_all().await;
    assert!(d.failures.is_empty(), "{:?}", d.failures);
    let markets = d.tools.iter().find(|t| t.id == "markets").unwrap();
    // Four methods at two per page: the client followed the cursor.
    let names: Vec<_> = markets.methods.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "search_markets",
            "get_market",
            "get_tournament_winner_odds",
            "list_events"
        ]
    );
    assert_eq!(markets.source, "builtin");
}

#[tokio::test]
async fn classifies_declared_missing_and_misleading_metadata() {
    let d = market()
        .describe(&["wallet".into(), "sports-data".into()])
        .await
        .unwrap();
    let safety = |tool: &str, method: &str| {
        let t = d.tools.iter().find(|t| t.id == tool).unwrap();
        let s = &t.methods.iter().find(|m| m.name == method).unwrap().safety;
        (s.query_safe, s.basis)
    };
    assert_eq!(
        safety("wallet", "get_balances"),
        (true, SafetyBasis::Declared)
    );
    assert_eq!(safety("wallet", "transfer"), (false, SafetyBasis::Declared));
    assert_eq!(
        safety("wallet", "place_order"),
        (false, SafetyBasis::Declared)
    );
    assert_eq!(
        safety("sports-data", "get_standings"),
        (true, SafetyBasis::Inferred)
    );
    assert_eq!(
        safety("sports-data", "send_score_alert"),
        (false, SafetyBasis::Inferred)
    );
    assert_eq!(
        safety("sports-data", "purge_standings_cache"),
        (false, SafetyBasis::Inferred),
        "a read-only claim does not cover a purge"
    );
}

#[tokio::test]
async fn calls_return_structured_results_and_tool_errors() {
    let m = market();
    let out = m
        .call("crypto-prices", "get_spot_price", &json!({"symbol": "ETH"}))
        .await
        .unwrap();
    assert_eq!(out["price"], 3480.5);
    let err = m
        .call(
            "markets",
            "get_market",
            &json!({"market_id": "mkt-missing"}),
        )
        .await
        .unwrap_err();
    assert_eq!(
        err,
        CatalogError::ToolFailed("no market with id 'mkt-missing'".into())
    );
    assert!(matches!(
        m.call("nope", "x", &json!({})).await,
        Err(CatalogError::UnknownTool(_))
    ));
    assert!(matches!(
        m.call("markets", "get_market", &json!([1])).await,
        Err(CatalogError::ToolFailed(_))
    ));
}

#[tokio::test]
async fn unknown_ids_are_refused() {
    assert_eq!(
        market()
            .describe(&["markets".into(), "ghost".into()])
            .await
            .unwrap_err(),
        CatalogError::UnknownTool("ghost".into())
    );
}
