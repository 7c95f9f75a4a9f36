//! Record and replay: a run over a live tool server and a model server is recorded to cassettes;
//! replayed, it settles the same with both servers gone; a call that was not recorded fails
//! loudly (logged and counted); no secret reaches a cassette. (`validate-rollout --replay` is
//! tried in its own crate's tests.)

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use catalog::builtin::{BuiltinServer, BuiltinTool, Manifest};
use catalog::{RemoteServer, Tape};
use runtime::config::{Config, ModelSpec};
use serde_json::{Map, Value, json};

use crate::support::{fresh_dir, mcp_url, metrics_text, query_at, scripted_model_server, start};

const KEY: &str = "sk-cassette-canary-51f0";
const URL_SECRET: &str = "tok-cassette-canary-93ab";

struct Tides {
    manifest: Manifest,
    calls: Arc<AtomicUsize>,
}

impl BuiltinTool for Tides {
    fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    fn call(&self, _method: &str, args: &Map<String, Value>) -> Result<Value, String> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        match args.get("port").and_then(Value::as_str) {
            Some("Porthmadog") => Ok(json!({"port": "Porthmadog", "highWater": "06:12"})),
            Some(other) => Ok(json!({"port": other, "highWater": "09:40"})),
            None => Err("no port".into()),
        }
    }
}

/// A tide-table MCP server on loopback; returns its URL (with a secret in the query) and its
/// call counter.
fn tides() -> (String, Arc<AtomicUsize>) {
    let calls = Arc::new(AtomicUsize::new(0));
    let tool: Arc<dyn BuiltinTool> = Arc::new(Tides {
        manifest: serde_json::from_value(json!({
            "id": "tides", "title": "Tide tables", "description": "High water times at harbours.",
            "methods": [{"name": "get_tides", "description": "Today's high water time at a harbour.",
                "inputSchema": {"type": "object", "properties": {"port": {"type": "string", "description": "Harbour name"}}, "required": ["port"]},
                "annotations": {"readOnlyHint": true}}]
        }))
        .unwrap(),
        calls: Arc::clone(&calls),
    });
    let url = mcp_url(move || BuiltinServer::new(Arc::clone(&tool)));
    (format!("{url}?token={URL_SECRET}"), calls)
}

/// A configuration over the tide server, with the answer model on the scripted model server.
fn config(tool_url: &str, model_url: &str, tape: Tape) -> Config {
    let mut c = Config::default();
    c.marketplace.builtin = false;
    c.marketplace.allow_loopback = true;
    c.marketplace.remote = vec![RemoteServer {
        id: "tides".into(),
        url: tool_url.into(),
        ..Default::default()
    }];
    let spec: ModelSpec = serde_json::from_value(json!({
        "provider": "openai", "base_url": model_url, "model": "scripted", "api_key": KEY
    }))
    .unwrap();
    c.models.registry.insert("scripted".into(), spec);
    c.models.answer_models = vec!["scripted".into()];
    c.models.default_answer_model = "scripted".into();
    c.tape = Some(tape);
    c
}

fn every_file(dir: &std::path::Path) -> Vec<(std::path::PathBuf, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(every_file(&path));
        } else {
            out.push((path.clone(), std::fs::read_to_string(&path).unwrap()));
        }
    }
    out
}

#[tokio::test]
async fn a_recorded_run_replays_without_the_network_and_a_new_call_fails_loudly() {
    let tapes = fresh_dir("sluice-cassettes");
    let (tool_url, calls) = tides();
    let model_url = format!("http://{}/v1", scripted_model_server());
    let ask = json!({"query": "When is high water at Porthmadog today?"});

    let recording = start(config(&tool_url, &model_url, Tape::Record(tapes.clone())));
    let live = query_at(&recording.url, ask.clone()).await;
    assert_eq!(live["outcome"], "answer", "{live}");
    assert!(
        live["citations"][0]["excerpt"]
            .as_str()
            .unwrap()
            .contains("06:12"),
        "{live}"
    );
    assert_eq!(live["meta"]["modelCalls"], 1, "{live}");
    let dispatched = calls.load(Ordering::SeqCst);
    assert_eq!(dispatched, 1);

    let files = every_file(&tapes);
    assert!(
        files
            .iter()
            .any(|(p, _)| p.starts_with(tapes.join("listings"))),
        "{files:?}"
    );
    assert!(
        files
            .iter()
            .any(|(p, _)| p.starts_with(tapes.join("calls/tides"))),
        "{files:?}"
    );
    assert!(
        files
            .iter()
            .any(|(p, _)| p.starts_with(tapes.join("models/scripted"))),
        "{files:?}"
    );
    for (path, text) in &files {
        for secret in [KEY, URL_SECRET, "127.0.0.1"] {
            assert!(!text.contains(secret), "{} holds {secret}", path.display());
        }
    }

    // Replayed against servers that do not exist: the same answer, no call reaches the tool.
    let gone = "http://127.0.0.1:9/mcp";
    let replaying = start(config(
        gone,
        "http://127.0.0.1:9/v1",
        Tape::Replay(tapes.clone()),
    ));
    let replayed = query_at(&replaying.url, ask).await;
    assert_eq!(replayed["outcome"], live["outcome"]);
    assert_eq!(replayed["answer"], live["answer"]);
    assert_eq!(replayed["citations"], live["citations"]);
    assert_eq!(calls.load(Ordering::SeqCst), dispatched);
    assert!(
        metrics_text(&replaying.url)
            .await
            .contains("sluice_replay_misses_total 0")
    );

    // A call nobody recorded is not served from anywhere: it fails and is counted.
    let other = query_at(
        &replaying.url,
        json!({"query": "When is high water at Aberdovey today?"}),
    )
    .await;
    assert!(!other.to_string().contains("09:40"), "{other}");
    let metrics = metrics_text(&replaying.url).await;
    assert!(
        !metrics.contains("sluice_replay_misses_total 0"),
        "{metrics}"
    );
    assert_eq!(calls.load(Ordering::SeqCst), dispatched);
}
