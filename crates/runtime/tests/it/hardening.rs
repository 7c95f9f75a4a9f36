//! What hostile clients and slow servers must not do: hold connections forever, keep abandoned
//! streams running, stretch a request past its deadline, or get answers that hide what happened.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use catalog::RemoteServer;
use catalog::builtin::{BuiltinServer, BuiltinTool, Manifest};
use runtime::config::Config;
use serde_json::{Map, Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::{client, mcp_url, metrics_text, post_raw, query, server, start};

/// A tool whose one method sleeps before answering, counting the calls it gets.
struct Slow {
    manifest: Manifest,
    sleep: Duration,
    calls: Arc<AtomicUsize>,
}

impl BuiltinTool for Slow {
    fn manifest(&self) -> &Manifest {
        &self.manifest
    }
    fn call(&self, _method: &str, _args: &Map<String, Value>) -> Result<Value, String> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        std::thread::sleep(self.sleep);
        Ok(json!({"station": "North", "rainfallMm": 4.2}))
    }
}

/// Serves a slow rainfall tool over streamable HTTP; returns its URL and call counter.
pub(crate) fn slow_tool(sleep: Duration) -> (String, Arc<AtomicUsize>) {
    let calls = Arc::new(AtomicUsize::new(0));
    let tool: Arc<dyn BuiltinTool> = Arc::new(Slow {
        manifest: serde_json::from_value(json!({
            "id": "rain", "title": "Rain gauges", "description": "Rainfall measured at weather stations.",
            "methods": [{"name": "get_rainfall", "description": "Today's rainfall at the station.",
                "inputSchema": {"type": "object", "properties": {}},
                "annotations": {"readOnlyHint": true}}]
        }))
        .unwrap(),
        sleep,
        calls: Arc::clone(&calls),
    });
    // Its own runtime, with room for calls that block: the test's runtime stays free.
    (
        mcp_url(move || BuiltinServer::new(Arc::clone(&tool))),
        calls,
    )
}

pub(crate) fn with_remote(url: String) -> Config {
    let mut config = Config::default();
    config.marketplace.builtin = false;
    config.marketplace.allow_loopback = true;
    config.marketplace.remote = vec![RemoteServer {
        id: "rain".into(),
        url,
        ..Default::default()
    }];
    config
}

pub(crate) const RAIN: &str = "What is the rainfall at the station today?";

fn addr_of(url: &str) -> String {
    url.trim_start_matches("http://").to_owned()
}

#[tokio::test]
async fn a_client_that_stops_sending_is_cut_off() {
    let mut config = Config::default();
    config.server.header_timeout_ms = 300;
    config.server.body_timeout_ms = 300;
    let s = start(config);
    let addr = addr_of(&s.url);

    // Nine bytes of a request line, then nothing: the connection is closed.
    let mut idle = TcpStream::connect(&addr).await.unwrap();
    idle.write_all(b"POST /api").await.unwrap();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), idle.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "the server closed the stalled connection");

    // A body that is promised and never sent: 408 with the JSON error body.
    let mut slow = TcpStream::connect(&addr).await.unwrap();
    slow.write_all(
        b"POST /api/v1/query HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{\"query\":",
    )
    .await
    .unwrap();
    let mut reply = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(10), slow.read(&mut reply))
        .await
        .expect("an answer in time")
        .unwrap();
    let reply = String::from_utf8_lossy(&reply[..n]);
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    assert!(reply.contains("\"request_timeout\""), "{reply}");
}

#[tokio::test]
async fn connections_beyond_the_cap_get_a_fast_503() {
    let mut config = Config::default();
    config.server.max_connections = 3;
    let s = start(config);
    let addr = addr_of(&s.url);
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(&addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut extra = TcpStream::connect(&addr).await.unwrap();
    let mut reply = String::new();
    tokio::time::timeout(Duration::from_secs(5), extra.read_to_string(&mut reply))
        .await
        .expect("refused at once")
        .unwrap();
    assert!(reply.starts_with("HTTP/1.1 503"), "{reply}");
    assert!(reply.contains("\"overloaded\""), "{reply}");
    // Freed slots serve again.
    drop(held);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, _) = post_raw(&s.url, json!({"query": "price of bitcoin"}).to_string()).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn wrong_methods_and_media_types_get_json_errors() {
    let r = client()
        .get(format!("{}/api/v1/query", server().url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 405);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["error"]["code"], "method_not_allowed");

    let r = client()
        .post(format!("{}/api/v1/query", server().url))
        .header("content-type", "text/plain")
        .body(json!({"query": "price of bitcoin"}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 415);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["error"]["field"], "Content-Type");
}

#[tokio::test]
async fn an_unknown_tool_is_named_with_a_few_close_matches_only() {
    let (status, v) = post_raw(
        &server().url,
        json!({"query": "x", "tools": ["market"]}).to_string(),
    )
    .await;
    assert_eq!(status, 400);
    let message = v["error"]["message"].as_str().unwrap();
    assert!(message.contains("unknown tool 'market'"), "{message}");
    assert!(message.contains("'markets'"), "{message}");
    assert!(!message.contains("wallet"), "only close matches: {message}");
    assert_eq!(v["error"]["field"], "tools[0]");
}

#[tokio::test]
async fn a_selected_option_is_honoured_in_the_fast_lane_and_a_bogus_one_refused() {
    let asked = query(json!({"query": "Who will win the World Cup?", "tools": ["markets"]})).await;
    let rugby = asked["clarification"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["label"].as_str().unwrap().contains("Rugby"))
        .unwrap()["id"]
        .clone();
    let chosen = query(
        json!({"query": "Who will win the World Cup?", "tools": ["markets"],
        "queryDepth": "fast", "selectedOptionId": rugby}),
    )
    .await;
    assert_eq!(chosen["outcome"], "answer", "{chosen}");
    assert!(
        chosen["answer"].as_str().unwrap().contains("Rugby"),
        "{chosen}"
    );
    let (status, v) = post_raw(
        &server().url,
        json!({"query": "Who will win the World Cup?", "tools": ["markets"], "queryDepth": "fast",
            "selectedOptionId": "opt-bogus"})
        .to_string(),
    )
    .await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["error"]["field"], "selectedOptionId");
}

#[tokio::test]
async fn a_pinned_tool_that_is_down_is_named_with_its_cause() {
    let dead = {
        let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let a = l.local_addr().unwrap();
        drop(l);
        format!("http://{a}/mcp")
    };
    let s = start(with_remote(dead));
    let (status, v) = post_raw(
        &s.url,
        json!({"query": RAIN, "tools": ["rain"]}).to_string(),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(v["outcome"], "capability_miss");
    assert_eq!(v["capabilityMiss"]["reason"], "tool_unavailable", "{v}");
    assert_eq!(
        v["capabilityMiss"]["unavailableTools"],
        json!([{"toolId": "rain", "reason": "refused"}])
    );
    let tools: Value = client()
        .get(format!("{}/api/v1/tools", s.url))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(tools["complete"], false);
    assert_eq!(tools["failed"][0]["toolId"], "rain");
}

#[tokio::test]
async fn a_stalled_tool_is_called_once_per_request_and_the_deadline_holds() {
    let (url, calls) = slow_tool(Duration::from_secs(3));
    let mut config = with_remote(url.clone());
    config.sandbox.deadline_ms = 400;
    let s = start(config);
    let (status, v) = post_raw(
        &s.url,
        json!({"query": RAIN, "tools": ["rain"]}).to_string(),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        calls.load(Ordering::SeqCst),
        1,
        "the rediscovery round did not call the stalled tool again: {v}"
    );

    let mut config = with_remote(url);
    config.pipeline.request_deadline_ms = 300;
    let s = start(config);
    let (status, v) = post_raw(
        &s.url,
        json!({"query": RAIN, "tools": ["rain"]}).to_string(),
    )
    .await;
    assert_eq!(status, 504, "{v}");
    assert_eq!(v["error"]["code"], "deadline_exceeded");
}

/// The number of settled queries on `/metrics`.
async fn settled(base: &str) -> u64 {
    metrics_text(base)
        .await
        .lines()
        .filter(|l| l.starts_with("sluice_queries_total{"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<u64>().ok())
        .sum()
}

#[tokio::test]
async fn an_abandoned_stream_stops_its_run_and_frees_its_slot() {
    let (url, calls) = slow_tool(Duration::from_millis(1500));
    let mut config = with_remote(url);
    config.server.max_in_flight = 4;
    config.server.queue_timeout_ms = 500;
    let s = start(config);
    let before = settled(&s.url).await;
    for _ in 0..8 {
        let r = client()
            .post(format!("{}/api/v1/query", s.url))
            .json(&json!({"query": RAIN, "tools": ["rain"], "stream": true}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        let mut r = r;
        // The first events arrive; then the client goes away.
        let _ = r.chunk().await.unwrap();
        drop(r);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Long enough for every abandoned run to have finished, had it kept running.
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert_eq!(settled(&s.url).await, before, "no abandoned run settled");
    assert!(calls.load(Ordering::SeqCst) <= 8);
    // The slots were freed: a new query runs.
    let (status, v) = post_raw(
        &s.url,
        json!({"query": RAIN, "tools": ["rain"]}).to_string(),
    )
    .await;
    assert_eq!(status, 200, "{v}");
}
