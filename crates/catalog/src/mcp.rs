//! MCP client connections, the only place that speaks rmcp's client API (which churns between
//! majors, so it stays behind this small surface).

use futures::channel::mpsc;
use rmcp::model::{
    CallToolRequestParams, ClientJsonRpcMessage, PaginatedRequestParams, ServerJsonRpcMessage,
};
use rmcp::service::RunningService;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Map, Value};

use crate::address::{Address, Outbound};
use crate::builtin::BuiltinServer;
use crate::failure::{self, Failure};

/// Messages an in-process session may have in flight in each direction before the sender waits.
const IN_MEMORY_QUEUE: usize = 64;

/// A failed exchange: the typed cause callers see, and the raw detail for the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fault {
    pub failure: Failure,
    pub detail: String,
}

impl Fault {
    fn new(failure: Failure, detail: impl Into<String>) -> Self {
        Self {
            failure,
            detail: detail.into(),
        }
    }
}

/// A connected MCP client.
pub(crate) struct Connection {
    service: RunningService<RoleClient, ()>,
}

impl Connection {
    /// Starts `server` in-process and connects to it over a pair of in-memory message channels:
    /// the same MCP session as with a remote server (handshake, JSON-RPC ids, `tools/list`,
    /// `tools/call`), with the messages handed over as values rather than encoded to bytes and
    /// parsed back.
    pub async fn in_memory(server: BuiltinServer) -> Result<Self, Fault> {
        let (to_server, from_client) = mpsc::channel::<ClientJsonRpcMessage>(IN_MEMORY_QUEUE);
        let (to_client, from_server) = mpsc::channel::<ServerJsonRpcMessage>(IN_MEMORY_QUEUE);
        tokio::spawn(async move {
            if let Ok(running) = server.serve((to_client, from_client)).await {
                let _ = running.waiting().await;
            }
        });
        let service = ().serve((to_server, from_server)).await.map_err(|e| {
            Fault::new(
                failure::of_handshake(&e),
                format!("MCP handshake failed: {e}"),
            )
        })?;
        Ok(Self { service })
    }

    /// Connects to a remote server over streamable HTTP with the process's one HTTP client. An
    /// address the outbound policy refuses is never contacted.
    pub async fn remote(
        address: &Address,
        client: &reqwest::Client,
        policy: Outbound,
    ) -> Result<Self, Fault> {
        if let Some(ip) = address.literal_ip() {
            policy
                .check(ip)
                .map_err(|b| Fault::new(Failure::Blocked, b.to_string()))?;
        }
        let transport = StreamableHttpClientTransport::with_client(
            client.clone(),
            StreamableHttpClientTransportConfig::with_uri(address.connect_url()),
        );
        let service = ().serve(transport).await.map_err(|e| {
            Fault::new(
                failure::of_handshake(&e),
                format!("MCP handshake failed: {e}"),
            )
        })?;
        Ok(Self { service })
    }

    /// Every tool definition, following `nextCursor` for at most `max_pages` pages.
    pub async fn list(&self, max_pages: usize) -> Result<Vec<Value>, Fault> {
        let mut tools = Vec::new();
        let mut cursor: Option<String> = None;
        for _ in 0..max_pages {
            let page = self
                .service
                .list_tools(Some(
                    PaginatedRequestParams::default().with_cursor(cursor.take()),
                ))
                .await
                .map_err(|e| {
                    Fault::new(failure::of_service(&e), format!("tools/list failed: {e}"))
                })?;
            for tool in page.tools {
                tools.push(
                    serde_json::to_value(tool)
                        .map_err(|e| Fault::new(Failure::InvalidReply, e.to_string()))?,
                );
            }
            match page.next_cursor {
                Some(next) => cursor = Some(next),
                None => return Ok(tools),
            }
        }
        Err(Fault::new(
            Failure::TooLarge,
            format!("tools/list did not end within {max_pages} pages"),
        ))
    }

    /// Calls one method. A tool-level error (`isError: true`) comes back as `Err` with the
    /// tool's text.
    pub async fn call(
        &self,
        method: &str,
        arguments: Map<String, Value>,
    ) -> Result<Value, CallError> {
        let params = CallToolRequestParams::new(method.to_owned()).with_arguments(arguments);
        let result =
            self.service.call_tool(params).await.map_err(|e| {
                CallError::Exchange(Fault::new(failure::of_service(&e), e.to_string()))
            })?;
        if result.is_error != Some(true)
            && let Some(structured) = result.structured_content
        {
            return Ok(structured);
        }
        let text: Vec<String> = result
            .content
            .iter()
            .filter_map(|c| c.as_text().map(|t| t.text.clone()))
            .collect();
        if result.is_error == Some(true) {
            let message = if text.is_empty() {
                "the tool reported an error".to_owned()
            } else {
                text.join("\n")
            };
            return Err(CallError::Tool(message));
        }
        let joined = text.join("\n");
        Ok(serde_json::from_str(&joined).unwrap_or(Value::String(joined)))
    }
}

/// Why a call failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CallError {
    /// The tool ran and reported an error.
    Tool(String),
    /// The protocol exchange failed (connection, malformed reply).
    Exchange(Fault),
}
