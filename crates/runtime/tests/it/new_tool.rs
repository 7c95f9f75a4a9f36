//! A tool from a new domain, with its own ambiguous enum, registered by configuration only:
//! Sluice clarifies with options grounded in that tool's schema, then answers through it, with no
//! code change anywhere. So it does when the schema names its types as Python does, and when its
//! date parameter is asked for as "next Wednesday".

use std::sync::Arc;

use catalog::RemoteServer;
use catalog::builtin::{BuiltinServer, BuiltinTool, Manifest};
use runtime::config::Config;
use serde_json::{Map, Value, json};

use crate::support::{mcp_url, post_raw, query_at, start};

/// A tool made of a manifest and a function that answers its calls.
struct Scripted {
    manifest: Manifest,
    reply: fn(&str, &Map<String, Value>) -> Result<Value, String>,
}

impl BuiltinTool for Scripted {
    fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    fn call(&self, method: &str, args: &Map<String, Value>) -> Result<Value, String> {
        (self.reply)(method, args)
    }
}

/// A built-in tool from its manifest and its replies.
fn scripted(
    manifest: Value,
    reply: fn(&str, &Map<String, Value>) -> Result<Value, String>,
) -> Arc<dyn BuiltinTool> {
    Arc::new(Scripted {
        manifest: serde_json::from_value(manifest).unwrap(),
        reply,
    })
}

fn ferries() -> Arc<dyn BuiltinTool> {
    scripted(
        json!({
            "id": "ferries", "title": "Harbour ferries", "description": "Timetables of the harbour ferry lines.",
            "methods": [{
                "name": "get_departures",
                "description": "Next ferry departures on one line.",
                "inputSchema": {"type": "object", "properties": {
                    "route": {"type": "string", "enum": ["Harbour to Island Line", "Harbour to Bay Line", "Island to Bay Line"]}
                }, "required": ["route"]},
                "annotations": {"readOnlyHint": true}
            }]
        }),
        |method, args| match (method, args.get("route").and_then(Value::as_str)) {
            ("get_departures", Some(route)) => Ok(
                json!({"route": route, "departures": [{"time": "09:15", "pier": "A"}, {"time": "11:40", "pier": "A"}]}),
            ),
            _ => Err("unknown route".into()),
        },
    )
}

/// A Sluice server whose marketplace is `tool` alone, reached over MCP as a remote server `id`.
fn serve_only(id: &str, tool: Arc<dyn BuiltinTool>) -> crate::support::Server {
    let url = mcp_url(move || BuiltinServer::new(Arc::clone(&tool)));
    let mut config = Config::default();
    config.marketplace.builtin = false;
    config.marketplace.remote = vec![RemoteServer {
        id: id.into(),
        url,
        ..Default::default()
    }];
    config.marketplace.allow_loopback = true;
    start(config)
}

#[tokio::test]
async fn a_new_tool_gets_grounded_clarifications_without_code_changes() {
    let server = serve_only("ferries", ferries());

    let r = query_at(
        &server.url,
        json!({"query": "When does the next ferry to the island leave?"}),
    )
    .await;
    assert_eq!(r["outcome"], "clarification_required", "{r}");
    assert_eq!(r["clarification"]["question"], "Which route do you mean?");
    let labels: Vec<&str> = r["clarification"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["Harbour to Island Line", "Island to Bay Line"]);

    let chosen = r["clarification"]["options"][1]["id"].clone();
    let r = query_at(&server.url, json!({"query": "When does the next ferry to the island leave?", "selectedOptionId": chosen})).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert!(r["answer"].as_str().unwrap().contains("09:15"));
    assert_eq!(r["citations"][0]["toolId"], "ferries");

    let r = query_at(
        &server.url,
        json!({"query": "Next ferry on the Harbour to Bay Line?"}),
    )
    .await;
    assert_eq!(
        r["outcome"], "answer",
        "a fully named route needs no question: {r}"
    );
}

#[tokio::test]
async fn a_static_catalog_is_planned_against_but_never_pretends_to_answer() {
    let dir = std::env::temp_dir().join(format!("sluice-static-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("catalog.json");
    let catalog = json!({"tools": [{"id": "weather", "title": "Weather", "description": "Forecasts",
        "methods": [{"name": "get_forecast", "description": "Weather forecast for a city",
            "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer", "default": 1}}, "required": ["city"]},
            "_meta": {"surface": "query", "queryEligible": true}}]}]});
    std::fs::write(&path, catalog.to_string()).unwrap();
    let mut config = Config::default();
    config.marketplace.static_catalogs = vec![path];
    let server = start(config);

    let r = query_at(&server.url, json!({"query": "What is the weather forecast for Lisbon?", "tools": ["weather"], "planOnly": true})).await;
    assert_eq!(
        r["plan"]["calls"][0]["arguments"],
        json!({"city": "Lisbon"}),
        "{r}"
    );
    let r = query_at(
        &server.url,
        json!({"query": "What is the weather forecast for Lisbon?", "tools": ["weather"]}),
    )
    .await;
    assert_eq!(r["outcome"], "answer");
    assert!(r["citations"].as_array().unwrap().is_empty());
    assert!(r["gaps"].to_string().contains("no backend"), "{r}");
    let r = query_at(
        &server.url,
        json!({"query": "Who will win the World Cup?", "tools": ["markets"]}),
    )
    .await;
    assert_eq!(
        r["outcome"], "clarification_required",
        "built-in tools are still there"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// The fare of a group of passengers: a reply that needs `passengers` as an integer.
fn fare(_method: &str, args: &Map<String, Value>) -> Result<Value, String> {
    let passengers = args
        .get("passengers")
        .and_then(Value::as_i64)
        .ok_or("passengers must be an integer")?;
    Ok(json!({"fare": 4.5 * passengers as f64, "currency": "EUR"}))
}

#[tokio::test]
async fn a_schema_in_pythons_type_names_is_checked_and_typed_as_json_schema() {
    let tool = scripted(
        json!({
            "id": "fares", "title": "Ferry fares", "description": "Ticket prices of the harbour ferries.",
            "methods": [{
                "name": "get_fare",
                "description": "Price of ferry tickets for a group of passengers.",
                "inputSchema": {"type": "dict", "properties": {
                    "passengers": {"type": "int", "description": "Number of passengers.", "minimum": 1, "maximum": 9},
                    "discount": {"type": "float", "description": "Discount rate.", "default": 0.0}
                }, "required": ["passengers"]},
                "annotations": {"readOnlyHint": true}
            }]
        }),
        fare,
    );
    let server = serve_only("fares", tool);

    let r = query_at(
        &server.url,
        json!({"query": "What is the ferry fare for 3 passengers?", "planOnly": true}),
    )
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(
        r["plan"]["calls"][0]["arguments"]["passengers"], 3,
        "an integer, bound as the schema's type: {r}"
    );

    let r = query_at(
        &server.url,
        json!({"query": "What is the ferry fare for 12 passengers?"}),
    )
    .await;
    assert_eq!(r["outcome"], "clarification_required", "{r}");
    assert_eq!(r["clarification"]["kind"], "invalid_parameter", "{r}");
    assert_eq!(
        r["clarification"]["invalidParameters"][0]["name"],
        "passengers"
    );

    let r = query_at(
        &server.url,
        json!({"query": "What is the ferry fare for 2 passengers?"}),
    )
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert!(r["answer"].as_str().unwrap().contains('9'), "{r}");
}

#[tokio::test]
async fn tomorrow_is_the_day_after_the_callers_date() {
    let tool = scripted(
        json!({
            "id": "sailings", "title": "Ferry sailings", "description": "Sailings of the harbour ferries by day.",
            "methods": [{
                "name": "get_sailings",
                "description": "Ferry sailings on one day.",
                "inputSchema": {"type": "object", "properties": {
                    "date": {"type": "string", "description": "The day of the sailings, YYYY-MM-DD.", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}
                }, "required": ["date"]},
                "annotations": {"readOnlyHint": true}
            }]
        }),
        fare,
    );
    let server = serve_only("sailings", tool);
    let ask = |context: Value| json!({"query": "Which ferry sailings are there next Wednesday?", "planOnly": true, "context": context});

    // Friday 27 November 2026: next Wednesday is 2 December.
    let r = query_at(&server.url, ask(json!({"today": "2026-11-27"}))).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(
        r["plan"]["calls"][0]["arguments"]["date"], "2026-12-02",
        "{r}"
    );

    // An earlier turn's relative day is read against the same date.
    let r = query_at(
        &server.url,
        json!({"query": "Which ferry sailings are there?", "planOnly": true, "context": {
            "today": "2026-11-27",
            "history": [{"role": "user", "content": "I am going to the island next Wednesday."}]}}),
    )
    .await;
    assert_eq!(r["outcome"], "answer", "{r}");
    assert_eq!(
        r["plan"]["calls"][0]["arguments"]["date"], "2026-12-02",
        "{r}"
    );

    // Without the caller's date, the server's serves: still a date the pattern accepts.
    let r = query_at(&server.url, ask(json!({}))).await;
    assert_eq!(r["outcome"], "answer", "{r}");
    let date = r["plan"]["calls"][0]["arguments"]["date"].as_str().unwrap();
    assert!(
        date.len() == 10 && date.as_bytes()[4] == b'-' && date > "2026-11-26",
        "{r}"
    );

    let (status, r) = post_raw(&server.url, ask(json!({"today": "next week"})).to_string()).await;
    assert_eq!(status, 400, "{r}");
    assert_eq!(r["error"]["field"], "context.today", "{r}");
}
