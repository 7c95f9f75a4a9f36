//! A tool server that changes its schema between two requests: the next listing notices it
//! (a new hash, a change time, a trace warning, a metric), the method index built from the old
//! listing is dropped, and the request is planned against the new schema.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use catalog::RemoteServer;
use catalog::builtin::{BuiltinServer, BuiltinTool, Manifest};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ListToolsResult, PaginatedRequestParams, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use runtime::config::Config;
use serde_json::{Map, Value, json};

use crate::support::{event, get_from, mcp_url, metrics_text, query_at, start};

/// A tide-table tool.
struct Tides(Manifest);

impl BuiltinTool for Tides {
    fn manifest(&self) -> &Manifest {
        &self.0
    }

    fn call(&self, method: &str, args: &Map<String, Value>) -> Result<Value, String> {
        let port = args.get("port").and_then(Value::as_str).ok_or("no port")?;
        match method {
            "get_tides" | "get_tide_heights" => {
                Ok(json!({"port": port, "highWater": "06:12", "lowWater": "12:31"}))
            }
            other => Err(format!("no method {other}")),
        }
    }
}

/// The MCP server of the tide tables: the first manifest until `shifted` is set, then the
/// second (one session sees both, as a client of a redeployed server would).
#[derive(Clone)]
struct Shifting {
    before: BuiltinServer,
    after: BuiltinServer,
    shifted: Arc<AtomicBool>,
}

impl Shifting {
    fn now(&self) -> &BuiltinServer {
        if self.shifted.load(Ordering::Relaxed) {
            &self.after
        } else {
            &self.before
        }
    }
}

impl ServerHandler for Shifting {
    fn get_info(&self) -> ServerConfig {
        self.before.get_info()
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        self.now().list_tools(request, context).await
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.now().call_tool(request, context).await
    }
}

fn manifest(method: &str, extra: Value) -> Manifest {
    let mut properties = json!({"port": {"type": "string", "description": "Harbour name"}});
    if let (Value::Object(p), Value::Object(e)) = (&mut properties, extra) {
        p.extend(e);
    }
    serde_json::from_value(json!({
        "id": "tides", "title": "Tide tables", "description": "High and low water times at harbours.",
        "methods": [{"name": method, "description": "Today's high and low water times at a harbour.",
            "inputSchema": {"type": "object", "properties": properties, "required": ["port"]},
            "annotations": {"readOnlyHint": true}}]
    }))
    .unwrap()
}

fn tool_entry(listing: &Value) -> Value {
    listing["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == "tides")
        .cloned()
        .unwrap()
}

#[tokio::test]
async fn a_schema_changed_between_two_requests_is_noticed_and_planned_against() {
    let shifted = Arc::new(AtomicBool::new(false));
    let server = Shifting {
        before: BuiltinServer::new(Arc::new(Tides(manifest("get_tides", json!({}))))),
        after: BuiltinServer::new(Arc::new(Tides(manifest(
            "get_tide_heights",
            json!({"unit": {"type": "string", "enum": ["m", "ft"], "default": "m"}}),
        )))),
        shifted: Arc::clone(&shifted),
    };
    let url = mcp_url(move || server.clone());
    let mut config = Config::default();
    config.marketplace.builtin = false;
    config.marketplace.allow_loopback = true;
    // Every request lists again, so the change is seen by the very next one.
    config.marketplace.cache_ttl_secs = 0;
    config.marketplace.remote = vec![RemoteServer {
        id: "tides".into(),
        url,
        ..Default::default()
    }];
    let server = start(config);
    let ask =
        json!({"query": "When is high water at Porthmadog today?", "includeDeveloperTrace": true});

    let r = query_at(&server.url, ask.clone()).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(r["citations"][0]["method"], "get_tides", "{r}");
    let before = tool_entry(&get_from(&server.url, "/api/v1/tools").await);
    let first_hash = before["schemaHash"].as_str().unwrap().to_owned();
    assert!(first_hash.starts_with("sha256:"), "{before}");
    assert!(before.get("schemaChangedAt").is_none(), "{before}");
    assert!(
        metrics_text(&server.url)
            .await
            .contains("sluice_tool_schema_changes_total 0")
    );

    shifted.store(true, Ordering::Relaxed);
    let r = query_at(&server.url, ask).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    // Planned against the new listing: the renamed method, with the new parameter's default.
    assert_eq!(r["citations"][0]["method"], "get_tide_heights", "{r}");
    let selection = event(&r, "tool-selection");
    let changed = &selection["schemaChanged"][0];
    assert_eq!(changed["toolId"], "tides", "{selection}");
    assert_eq!(changed["previous"], first_hash.as_str());
    assert!(changed["warning"].as_str().unwrap().contains("changed"));

    let after = tool_entry(&get_from(&server.url, "/api/v1/tools").await);
    assert_ne!(after["schemaHash"], before["schemaHash"]);
    assert_eq!(after["schemaHash"], changed["current"]);
    assert!(
        after["schemaChangedAt"].as_str().unwrap().ends_with('Z'),
        "{after}"
    );
    assert!(
        metrics_text(&server.url)
            .await
            .contains("sluice_tool_schema_changes_total 1")
    );
}
