//! Remote servers over streamable HTTP on loopback: a healthy one, a dead one and a silent one.

use std::sync::Arc;
use std::time::{Duration, Instant};

use catalog::builtin::{self, BuiltinServer};
use catalog::{CatalogError, Failure, Marketplace, MarketplaceConfig, Outbound, RemoteServer};
use rmcp::transport::streamable_http_server::{
    StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
};
use serde_json::json;

/// Serves the built-in `markets` tool over streamable HTTP; returns its URL.
pub(crate) async fn serve_markets() -> String {
    let tool = builtin::all()
        .into_iter()
        .find(|t| t.manifest().id == "markets")
        .unwrap();
    let service = StreamableHttpService::new(
        move || Ok(BuiltinServer::new(Arc::clone(&tool))),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let app = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{addr}/mcp")
}

/// Accepts connections and never answers.
async fn silent_server() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
        }
    });
    format!("http://{addr}/mcp")
}

/// A port with nothing behind it.
async fn dead_url() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    format!("http://{addr}/mcp")
}

pub(crate) fn remote(id: &str, url: String) -> RemoteServer {
    RemoteServer {
        id: id.into(),
        url,
        ..Default::default()
    }
}

/// Tests reach their servers on loopback, which the default outbound policy refuses.
pub(crate) fn local() -> Outbound {
    Outbound {
        allow_loopback: true,
        allow_private: false,
    }
}

#[tokio::test]
async fn a_remote_server_is_listed_and_called_over_streamable_http() {
    let config = MarketplaceConfig {
        builtin: false,
        remote: vec![remote("remote-markets", serve_markets().await)],
        outbound: local(),
        ..Default::default()
    };
    let m = Marketplace::new(config).unwrap();
    let d = m.describe(&["remote-markets".into()]).await.unwrap();
    assert!(d.failures.is_empty(), "{:?}", d.failures);
    assert_eq!(d.tools[0].methods.len(), 4);
    assert!(d.tools[0].source.starts_with("http://127.0.0.1:"));
    let out = m
        .call(
            "remote-markets",
            "get_tournament_winner_odds",
            &json!({"tournament": "Rugby World Cup 2027"}),
        )
        .await
        .unwrap();
    assert_eq!(out["teams"][0]["team"], "South Africa");
}

#[tokio::test]
async fn dead_and_silent_servers_cost_a_request_at_most_its_budget_and_spare_the_rest() {
    let config = MarketplaceConfig {
        remote: vec![
            remote("dead", dead_url().await),
            remote("silent", silent_server().await),
        ],
        discovery_budget: Duration::from_millis(300),
        list_timeout: Duration::from_secs(30),
        call_timeout: Duration::from_millis(300),
        outbound: local(),
        ..Default::default()
    };
    let m = Marketplace::new(config).unwrap();

    let started = Instant::now();
    let d = m.describe_all().await;
    let waited = started.elapsed();
    assert_eq!(d.tools.len(), 4, "the built-in tools are all there");
    assert!(
        matches!(
            d.failures.as_slice(),
            [CatalogError::Discovery { tool_id, failure: Failure::Refused }] if tool_id == "dead"
        ),
        "the dead server is a typed failure: {:?}",
        d.failures
    );
    assert_eq!(
        d.pending,
        ["silent"],
        "the silent one is still being listed"
    );
    assert!(
        waited < Duration::from_secs(5),
        "bounded by the budget, not the 30 s listing timeout: {waited:?}"
    );

    // Every bound below is far under the 30 s listing timeout that a blocking design would wait
    // for; none is a performance target.
    // A request that needs only built-in tools is not held up by the silent server.
    let started = Instant::now();
    let d = m.describe(&["markets".into()]).await.unwrap();
    assert!(d.failures.is_empty());
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );

    // The dead server's failure is cached: asking again fails at once.
    let started = Instant::now();
    assert_eq!(
        m.describe(&["dead".into()]).await.unwrap().failures.len(),
        1
    );
    assert!(started.elapsed() < Duration::from_secs(5));

    assert!(matches!(
        m.call("silent", "x", &json!({})).await,
        Err(CatalogError::Timeout { .. })
    ));
}

#[tokio::test]
async fn remote_sessions_are_capped_and_closed_when_idle() {
    let url = serve_markets().await;
    let ids: Vec<String> = (0..5).map(|i| format!("m{i}")).collect();
    let m = Marketplace::new(MarketplaceConfig {
        builtin: false,
        remote: ids.iter().map(|id| remote(id, url.clone())).collect(),
        outbound: local(),
        max_sessions: 2,
        session_idle: Duration::from_millis(300),
        ..Default::default()
    })
    .unwrap();
    let d = m.describe(&ids).await.unwrap();
    assert_eq!(d.tools.len(), 5, "{:?}", d.failures);
    assert!(m.open_sessions() <= 2, "{}", m.open_sessions());
    // A closed session is reopened on the next call.
    let odds = json!({"tournament": "Rugby World Cup 2027"});
    for id in &ids {
        let out = m
            .call(id, "get_tournament_winner_odds", &odds)
            .await
            .unwrap();
        assert_eq!(out["teams"][0]["team"], "South Africa");
        assert!(m.open_sessions() <= 2);
    }
    // Idle sessions are closed without any further request.
    let deadline = Instant::now() + Duration::from_secs(10);
    while m.open_sessions() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(m.open_sessions(), 0);
}

#[tokio::test]
async fn shedding_closes_the_least_recently_used_half_and_sessions_reopen() {
    let url = serve_markets().await;
    let ids: Vec<String> = (0..5).map(|i| format!("m{i}")).collect();
    let m = Marketplace::new(MarketplaceConfig {
        builtin: false,
        remote: ids.iter().map(|id| remote(id, url.clone())).collect(),
        outbound: local(),
        ..Default::default()
    })
    .unwrap();
    let odds = json!({"tournament": "Rugby World Cup 2027"});
    for id in &ids {
        m.call(id, "get_tournament_winner_odds", &odds)
            .await
            .unwrap();
    }
    assert_eq!(m.open_sessions(), 5);
    assert_eq!(m.shed_sessions(), 3);
    assert_eq!(m.open_sessions(), 2);
    // The most recently used are the ones kept: calling one opens nothing.
    m.call("m4", "get_tournament_winner_odds", &odds)
        .await
        .unwrap();
    assert_eq!(m.open_sessions(), 2);
    // The shed ones reopen on their next call.
    let out = m
        .call("m0", "get_tournament_winner_odds", &odds)
        .await
        .unwrap();
    assert_eq!(out["teams"][0]["team"], "South Africa");
    assert_eq!(m.open_sessions(), 3);
}
