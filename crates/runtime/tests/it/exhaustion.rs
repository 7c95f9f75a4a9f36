//! Many remote servers under a low file-descriptor limit: the `sluice` binary, started under
//! `ulimit -n`, keeps answering because its sessions are capped, and where the limit is too low
//! for what it is asked, every request still settles with a clear cause (or a JSON error) and
//! the server recovers instead of degrading silently.

use std::process::Command;
use std::sync::Arc;

use catalog::builtin::{BuiltinServer, BuiltinTool, Manifest};
use futures::StreamExt;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::{Map, Value, json};

use crate::support::{SluiceProcess, client, metrics_text, serve_elsewhere};

struct Gauge(Manifest);

impl BuiltinTool for Gauge {
    fn manifest(&self) -> &Manifest {
        &self.0
    }
    fn call(&self, _method: &str, _args: &Map<String, Value>) -> Result<Value, String> {
        Ok(json!({"station": "North", "rainfallMm": 4.2}))
    }
}

/// Serves `count` rain-gauge MCP servers from one listener, at `/s{i}/mcp`; returns their URLs.
fn gauges(count: usize) -> Vec<String> {
    let mut router = axum::Router::new();
    for i in 0..count {
        let tool: Arc<dyn BuiltinTool> = Arc::new(Gauge(
            serde_json::from_value(json!({
                "id": format!("gauge-{i}"), "title": format!("Rain gauge {i}"),
                "description": "Rainfall measured at a weather station.",
                "methods": [{"name": "get_rainfall", "description": "Today's rainfall at the station.",
                    "inputSchema": {"type": "object", "properties": {}},
                    "annotations": {"readOnlyHint": true}}]
            }))
            .unwrap(),
        ));
        let service = StreamableHttpService::new(
            move || Ok(BuiltinServer::new(Arc::clone(&tool))),
            Arc::new(LocalSessionManager::default()),
            StreamableHttpServerConfig::default(),
        );
        router = router.nest_service(&format!("/s{i}/mcp"), service);
    }
    let addr = serve_elsewhere(router);
    (0..count)
        .map(|i| format!("http://{addr}/s{i}/mcp"))
        .collect()
}

/// The `sluice serve` process under a descriptor limit.
struct Sluice(SluiceProcess);

impl std::ops::Deref for Sluice {
    type Target = SluiceProcess;
    fn deref(&self) -> &SluiceProcess {
        &self.0
    }
}

impl Sluice {
    fn start(urls: &[String], max_sessions: usize, nofile: u32) -> Self {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "sluice-nofile-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let mut toml = format!(
            "[marketplace]\nbuiltin = false\nallow_loopback = true\nmax_sessions = {max_sessions}\n"
        );
        for (i, url) in urls.iter().enumerate() {
            toml.push_str(&format!(
                "\n[[marketplace.remote]]\nid = \"gauge-{i}\"\nurl = \"{url}\"\n"
            ));
        }
        let config = dir.join("sluice.toml");
        std::fs::write(&config, toml).unwrap();
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!(
                "ulimit -n {nofile} && exec \"$0\" --config \"$1\" --data-dir \"$2\" serve --port 0"
            ))
            .arg(env!("CARGO_BIN_EXE_sluice"))
            .arg(&config)
            .arg(dir.join("data"))
            .env("RUST_LOG", "warn");
        Self(SluiceProcess::start(command, Some(dir)))
    }

    fn descriptors(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.pid()))
            .map(|d| d.count())
            .unwrap_or(0)
    }

    /// Asks every gauge for today's rainfall, eight at a time; returns each status and body.
    async fn ask_every_gauge(&self, count: usize) -> Vec<(u16, Value)> {
        let client = client();
        futures::stream::iter(0..count)
            .map(|i| {
                let (client, url) = (client.clone(), format!("{}/api/v1/query", self.url));
                async move {
                    let body = json!({"query": "What is the rainfall at the station today?",
                                      "tools": [format!("gauge-{i}")]});
                    let reply = client.post(url).json(&body).send().await;
                    let reply = reply.unwrap_or_else(|e| panic!("gauge-{i}: no response: {e}"));
                    let status = reply.status().as_u16();
                    let text = reply.text().await.unwrap();
                    let value = serde_json::from_str(&text).unwrap_or_else(|_| {
                        panic!("gauge-{i}: {status} with a non-JSON body: {text}")
                    });
                    (status, value)
                }
            })
            .buffer_unordered(8)
            .collect()
            .await
    }

    async fn metric(&self, name: &str) -> u64 {
        let text = metrics_text(&self.url).await;
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.trim().parse().ok())
            .unwrap_or_else(|| panic!("{name} missing from {text}"))
    }
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_servers_under_a_low_descriptor_limit_answer_within_the_session_cap() {
    let urls = gauges(200);
    let sluice = Sluice::start(&urls, 32, 128);
    let replies = sluice.ask_every_gauge(urls.len()).await;
    for (status, body) in &replies {
        assert_eq!(*status, 200, "{body}");
        assert_eq!(body["outcome"], "answer", "{body}");
    }
    assert!(sluice.metric("sluice_mcp_sessions_open").await <= 32);
    assert!(sluice.descriptors() < 128, "{}", sluice.descriptors());
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_descriptor_limit_every_request_settles_with_a_clear_cause_and_the_server_recovers()
 {
    let urls = gauges(200);
    // No session cap worth the name: the descriptor limit is what runs out.
    let sluice = Sluice::start(&urls, 10_000, 64);
    let replies = sluice.ask_every_gauge(urls.len()).await;
    let mut exhausted = 0;
    for (status, body) in &replies {
        match (*status, body["outcome"].as_str()) {
            (200, Some("answer")) => {}
            (200, Some("capability_miss")) => {
                let miss = &body["capabilityMiss"];
                assert_eq!(miss["reason"], "tool_unavailable", "{body}");
                let reason = miss["unavailableTools"][0]["reason"].as_str().unwrap();
                assert!(!reason.is_empty(), "{body}");
                exhausted += usize::from(reason.contains("resources_exhausted"));
            }
            (503, _) => assert!(body["error"]["code"].is_string(), "{body}"),
            _ => panic!("{status}: {body}"),
        }
    }
    // Shedding the least recently used sessions when descriptors run out is what keeps most
    // requests answerable (without it, about a third are answered here).
    let answered = replies
        .iter()
        .filter(|(_, b)| b["outcome"] == "answer")
        .count();
    assert!(
        answered * 2 > replies.len(),
        "only {answered} of {} answered",
        replies.len()
    );
    assert!(
        exhausted > 0,
        "the limit was never reached: the test proves nothing"
    );
    // Sessions were shed, so the server still answers, and a gauge asked again is answered.
    assert!(sluice.descriptors() < 64, "{}", sluice.descriptors());
    let again = client()
        .post(format!("{}/api/v1/query", sluice.url))
        .json(&json!({"query": "What is the rainfall at the station today?", "tools": ["gauge-0"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 200);
}
