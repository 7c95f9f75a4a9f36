//! The tool servers that ship with Sluice. Each is a real MCP server (rmcp `ServerHandler`),
//! reached in-process over in-memory message channels with the same protocol as a remote server, and
//! backed by the JSON files in `crates/catalog/builtin/<tool>/`.
//!
//! Their metadata quality varies on purpose: `markets`, `crypto-prices` and `wallet` declare
//! `_meta` and annotations; `sports-data` has a method without a description, an execute method
//! without any metadata, and a destructive method that claims to be read-only.

mod crypto;
mod markets;
mod sports;
pub mod static_catalog;
mod wallet;

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde::Deserialize;
use serde_json::{Map, Value};

/// Methods listed per `tools/list` page. Small on purpose, so that every client exercises
/// pagination.
const PAGE_SIZE: usize = 2;

/// A tool's manifest: identity and method definitions as they go on the wire.
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
pub struct Manifest {
    /// Tool id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Description.
    pub description: String,
    /// MCP tool definitions (`name`, `description`, `inputSchema`, `_meta`, `annotations`, ...).
    pub methods: Vec<Value>,
}

impl Manifest {
    fn parse(json: &str) -> Self {
        serde_json::from_str(json).expect("built-in manifests are valid (tested)")
    }
}

/// The behaviour of one built-in tool.
pub trait BuiltinTool: Send + Sync + 'static {
    /// Its manifest.
    fn manifest(&self) -> &Manifest;
    /// Its description as of now: a tool whose description follows its data (the documents
    /// tool's contents) says so here, and each new listing carries it.
    fn description(&self) -> String {
        self.manifest().description.clone()
    }
    /// Where it comes from, as listings show it.
    fn source_label(&self) -> String {
        "builtin".into()
    }
    /// Runs `method`. An `Err` becomes an MCP tool error (`isError: true`) with that message.
    fn call(&self, method: &str, args: &Map<String, Value>) -> Result<Value, String>;
}

/// Every built-in tool, freshly loaded.
pub fn all() -> Vec<Arc<dyn BuiltinTool>> {
    vec![
        Arc::new(markets::Markets::load()),
        Arc::new(crypto::CryptoPrices::load()),
        Arc::new(wallet::Wallet::load()),
        Arc::new(sports::SportsData::load()),
    ]
}

/// Serves a [`BuiltinTool`] over MCP.
#[derive(Clone)]
pub struct BuiltinServer {
    tool: Arc<dyn BuiltinTool>,
    definitions: Arc<Vec<Tool>>,
}

impl BuiltinServer {
    /// A server for `tool`.
    pub fn new(tool: Arc<dyn BuiltinTool>) -> Self {
        let definitions = tool
            .manifest()
            .methods
            .iter()
            .map(|m| {
                serde_json::from_value(m.clone())
                    .expect("built-in method definitions are MCP tools (tested)")
            })
            .collect();
        Self {
            tool,
            definitions: Arc::new(definitions),
        }
    }
}

impl ServerHandler for BuiltinServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let start = match request.and_then(|r| r.cursor) {
            Some(c) => c
                .parse::<usize>()
                .map_err(|_| McpError::invalid_params("unknown cursor", None))?,
            None => 0,
        };
        let end = (start + PAGE_SIZE).min(self.definitions.len());
        let mut page = ListToolsResult::with_all_items(
            self.definitions
                .get(start..end)
                .unwrap_or_default()
                .to_vec(),
        );
        page.next_cursor = (end < self.definitions.len()).then(|| end.to_string());
        Ok(page)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        if !self.definitions.iter().any(|d| d.name == request.name) {
            return Err(McpError::invalid_params(
                format!("unknown method {}", request.name),
                None,
            ));
        }
        let args = request.arguments.unwrap_or_default();
        Ok(match self.tool.call(&request.name, &args) {
            Ok(value) => CallToolResult::structured(value),
            Err(message) => CallToolResult::error(vec![ContentBlock::text(message)]),
        }
        .into())
    }
}

/// Reads a required string argument.
fn arg_str<'a>(args: &'a Map<String, Value>, name: &str) -> Result<&'a str, String> {
    args.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("missing string argument '{name}'"))
}

/// Reads an optional integer argument with a default, clamped to `1..=max`.
fn arg_limit(args: &Map<String, Value>, default: u64, max: u64) -> usize {
    args.get("limit")
        .and_then(Value::as_u64)
        .unwrap_or(default)
        .clamp(1, max) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_manifest_method_is_a_valid_mcp_tool_with_an_object_schema() {
        for tool in all() {
            let server = BuiltinServer::new(tool.clone());
            assert_eq!(server.definitions.len(), tool.manifest().methods.len());
            for d in server.definitions.iter() {
                assert_eq!(
                    d.input_schema.get("type").and_then(Value::as_str),
                    Some("object"),
                    "{}",
                    d.name
                );
            }
        }
    }
}
