//! Remote servers over streamable HTTP on loopback: a healthy one, a dead one and a silent one.

use std::sync::Arc;
use std::time::{Duration, Instant};

use catalog::builtin::{self, BuiltinServer};
use catalog::{CatalogError, Marketplace, MarketplaceConfig, RemoteServer};
use rmcp::transport::streamable_http_server::{
    StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
};
use serde_json::json;

/// Serves the built-in `markets` tool over streamable HTTP; returns its URL.
async fn serve_markets() -> String {
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

fn remote(id: &str, url: String) -> RemoteServer {
    RemoteServer {
        id: id.into(),
        url,
        title: None,
        description: None,
    }
}

#[tokio::test]
async fn a_remote_server_is_listed_and_called_over_streamable_http() {
    let config = MarketplaceConfig {
        builtin: false,
        remote: vec![remote("remote-markets", serve_markets().await)],
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
        ..Default::default()
    };
    let m = Marketplace::new(config).unwrap();

    let started = Instant::now();
    let d = m.describe_all().await;
    let waited = started.elapsed();
    assert_eq!(d.tools.len(), 4, "the built-in tools are all there");
    let failed: Vec<_> = d
        .failures
        .iter()
        .map(|f| match f {
            CatalogError::Discovery { tool_id, .. } => tool_id.as_str(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(failed.len(), 2, "{:?}", d.failures);
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
