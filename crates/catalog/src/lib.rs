//! The tool marketplace: which tools exist, what their methods are, and how to call them.
//!
//! Every tool is an MCP server. Built-in ones run in-process behind an in-memory transport;
//! remote ones are reached by URL over streamable HTTP. Either way the catalog speaks MCP
//! (`tools/list` with pagination, `tools/call`) and nothing else.
//!
//! Discovery is lazy and bounded. A server is listed when a request first needs it, then cached
//! for a TTL; failures are cached briefly too, so a dead server is not retried on every request.
//! A listing runs in its own task: a request waits for it at most its discovery budget, while
//! the listing itself may run on (up to the listing timeout) and fill the cache for the next
//! request. So a slow or dead server delays neither start-up nor requests that do not use it,
//! and delays those that do by at most the budget.
//!
//! Invariants: method descriptors always carry a query-safety classification
//! ([`classify::classify`]); the catalog never decides what to call, it only lists and calls.

pub mod builtin;
pub mod classify;
mod mcp;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use contract::{MethodDescriptor, ToolDescriptor};
use futures::FutureExt;
use futures::future::{BoxFuture, Shared};
use serde_json::Value;
use tokio::sync::{OnceCell, Semaphore};

use crate::builtin::{BuiltinServer, BuiltinTool};
use crate::mcp::Connection;

/// Marketplace settings.
#[derive(Debug, Clone)]
pub struct MarketplaceConfig {
    /// Remote MCP servers.
    pub remote: Vec<RemoteServer>,
    /// Whether to include the built-in tools.
    pub builtin: bool,
    /// How long a listing stays fresh.
    pub cache_ttl: Duration,
    /// How long a failed listing is remembered before the server is tried again.
    pub failure_ttl: Duration,
    /// Longest a listing may take (connect + every page) before it counts as failed.
    pub list_timeout: Duration,
    /// Longest one request waits for discovery before going on without the slow servers.
    pub discovery_budget: Duration,
    /// Longest one tool call may take.
    pub call_timeout: Duration,
    /// Most `tools/list` pages followed per server.
    pub max_pages: usize,
    /// Listings running at once across the marketplace.
    pub max_concurrent_listings: usize,
}

impl Default for MarketplaceConfig {
    fn default() -> Self {
        Self {
            remote: Vec::new(),
            builtin: true,
            cache_ttl: Duration::from_secs(300),
            failure_ttl: Duration::from_secs(30),
            list_timeout: Duration::from_secs(10),
            discovery_budget: Duration::from_millis(1500),
            call_timeout: Duration::from_secs(15),
            max_pages: 50,
            max_concurrent_listings: 32,
        }
    }
}

/// A remote MCP server from the configuration.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoteServer {
    /// The id programs and callers use.
    pub id: String,
    /// Streamable HTTP endpoint.
    pub url: String,
    /// Title shown in listings.
    #[serde(default)]
    pub title: Option<String>,
    /// What the server is for; also used to pick tools before they are listed.
    #[serde(default)]
    pub description: Option<String>,
}

/// Failures the catalog reports.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// Bad input: no tool has this id.
    #[error("unknown tool '{0}'")]
    UnknownTool(String),
    /// Bad input: two sources share an id.
    #[error("duplicate tool id '{0}'")]
    DuplicateTool(String),
    /// Upstream: the server could not be listed.
    #[error("tool '{tool_id}' could not be listed: {message}")]
    Discovery {
        /// The tool.
        tool_id: String,
        /// What happened.
        message: String,
    },
    /// Upstream: the tool ran and reported an error.
    #[error("{0}")]
    ToolFailed(String),
    /// Upstream: the exchange with the server failed.
    #[error("tool '{tool_id}' is unreachable: {message}")]
    Unreachable {
        /// The tool.
        tool_id: String,
        /// What happened.
        message: String,
    },
    /// Limit: the call did not finish in time.
    #[error("tool '{tool_id}' did not answer within {timeout:?}")]
    Timeout {
        /// The tool.
        tool_id: String,
        /// The timeout that passed.
        timeout: Duration,
    },
}

/// The outcome of discovering a set of tools.
#[derive(Debug, Clone, Default)]
pub struct Discovery {
    /// Tools that were listed, in the order asked.
    pub tools: Vec<Arc<ToolDescriptor>>,
    /// Tools that could not be listed within the budget, and why.
    pub failures: Vec<CatalogError>,
}

type Listing = Shared<BoxFuture<'static, Result<Arc<ToolDescriptor>, String>>>;

enum CacheState {
    Empty,
    Pending(Listing),
    Ready(Arc<ToolDescriptor>, Instant),
    Failed(String, Instant),
}

enum Origin {
    Builtin(Arc<dyn BuiltinTool>),
    Remote(String),
}

struct Source {
    id: String,
    title: String,
    description: String,
    origin: Origin,
    connection: OnceCell<Arc<Connection>>,
    cache: Mutex<CacheState>,
}

impl Source {
    async fn connection(&self) -> Result<Arc<Connection>, String> {
        self.connection
            .get_or_try_init(|| async {
                let c = match &self.origin {
                    Origin::Builtin(tool) => {
                        Connection::in_memory(BuiltinServer::new(Arc::clone(tool))).await?
                    }
                    Origin::Remote(url) => Connection::remote(url).await?,
                };
                Ok::<_, String>(Arc::new(c))
            })
            .await
            .cloned()
    }

    fn source_label(&self) -> String {
        match &self.origin {
            Origin::Builtin(tool) => tool.source_label(),
            Origin::Remote(url) => strip_credentials(url),
        }
    }

    async fn list(&self, max_pages: usize) -> Result<Arc<ToolDescriptor>, String> {
        let tools = self.connection().await?.list(max_pages).await?;
        let methods = tools
            .iter()
            .map(describe_method)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Arc::new(ToolDescriptor {
            id: self.id.clone(),
            title: self.title.clone(),
            description: self.description.clone(),
            source: self.source_label(),
            methods,
        }))
    }
}

/// Turns one wire tool definition into a classified method descriptor.
fn describe_method(tool: &Value) -> Result<MethodDescriptor, String> {
    let name = tool["name"]
        .as_str()
        .filter(|n| !n.is_empty())
        .ok_or("a tool definition has no name")?
        .to_owned();
    let description = tool["description"].as_str().unwrap_or_default().to_owned();
    let meta = classify::method_meta(tool);
    let safety = classify::classify(&name, &description, &meta);
    Ok(MethodDescriptor {
        name,
        description,
        input_schema: tool
            .get("inputSchema")
            .cloned()
            .unwrap_or_else(|| serde_json::json!({"type": "object"})),
        output_schema: tool.get("outputSchema").filter(|v| !v.is_null()).cloned(),
        meta,
        safety,
    })
}

/// `https://user:secret@host/path` → `https://host/path`.
fn strip_credentials(url: &str) -> String {
    match (url.find("://"), url.find('@')) {
        (Some(scheme), Some(at)) if at > scheme && !url[scheme + 3..at].contains('/') => {
            format!("{}{}", &url[..scheme + 3], &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

/// The marketplace. Cheap to share (`Arc<Marketplace>`); all methods take `&self`.
pub struct Marketplace {
    config: MarketplaceConfig,
    sources: BTreeMap<String, Arc<Source>>,
    listings: Arc<Semaphore>,
}

impl std::fmt::Debug for Marketplace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Marketplace")
            .field("tools", &self.sources.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl Marketplace {
    /// Builds the marketplace. Nothing is connected or listed yet.
    pub fn new(config: MarketplaceConfig) -> Result<Self, CatalogError> {
        Self::with_builtins(config, builtin::all())
    }

    /// Builds the marketplace with the given built-in tools (when `config.builtin` is set).
    pub fn with_builtins(
        config: MarketplaceConfig,
        builtins: Vec<Arc<dyn BuiltinTool>>,
    ) -> Result<Self, CatalogError> {
        let mut sources = BTreeMap::new();
        let mut add = |source: Source| {
            let id = source.id.clone();
            match sources.insert(id.clone(), Arc::new(source)) {
                Some(_) => Err(CatalogError::DuplicateTool(id)),
                None => Ok(()),
            }
        };
        if config.builtin {
            for tool in builtins {
                let m = tool.manifest();
                add(Source {
                    id: m.id.clone(),
                    title: m.title.clone(),
                    description: m.description.clone(),
                    origin: Origin::Builtin(Arc::clone(&tool)),
                    connection: OnceCell::new(),
                    cache: Mutex::new(CacheState::Empty),
                })?;
            }
        }
        for r in &config.remote {
            add(Source {
                id: r.id.clone(),
                title: r.title.clone().unwrap_or_else(|| r.id.clone()),
                description: r.description.clone().unwrap_or_default(),
                origin: Origin::Remote(r.url.clone()),
                connection: OnceCell::new(),
                cache: Mutex::new(CacheState::Empty),
            })?;
        }
        let listings = Arc::new(Semaphore::new(config.max_concurrent_listings.max(1)));
        Ok(Self {
            config,
            sources,
            listings,
        })
    }

    /// Every tool id, sorted. Needs no network.
    pub fn tool_ids(&self) -> Vec<String> {
        self.sources.keys().cloned().collect()
    }

    /// Whether a tool with this id exists.
    pub fn contains(&self, tool_id: &str) -> bool {
        self.sources.contains_key(tool_id)
    }

    /// Lists the given tools (from cache when fresh), waiting at most the discovery budget.
    /// Unknown ids are an error; servers that fail or are slow are reported in
    /// [`Discovery::failures`] and left out.
    pub async fn describe(&self, ids: &[String]) -> Result<Discovery, CatalogError> {
        let sources = ids
            .iter()
            .map(|id| {
                self.sources
                    .get(id)
                    .cloned()
                    .ok_or_else(|| CatalogError::UnknownTool(id.clone()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let budget = self.config.discovery_budget;
        let results = futures::future::join_all(sources.iter().map(|s| {
            let listing = self.listing(s);
            async move {
                match listing {
                    Ok(ready) => Ok(ready),
                    Err(pending) => match tokio::time::timeout(budget, pending).await {
                        Ok(result) => result,
                        Err(_) => Err(format!(
                            "still listing after the {budget:?} discovery budget"
                        )),
                    },
                }
            }
        }))
        .await;
        let mut discovery = Discovery::default();
        for (source, result) in sources.iter().zip(results) {
            match result {
                Ok(tool) => discovery.tools.push(tool),
                Err(message) => discovery.failures.push(CatalogError::Discovery {
                    tool_id: source.id.clone(),
                    message,
                }),
            }
        }
        Ok(discovery)
    }

    /// Lists every tool.
    pub async fn describe_all(&self) -> Discovery {
        self.describe(&self.tool_ids())
            .await
            .expect("every listed id exists")
    }

    /// The cached listing, or the (possibly shared, already running) future that produces it.
    fn listing(&self, source: &Arc<Source>) -> Result<Arc<ToolDescriptor>, Listing> {
        let mut cache = source.cache.lock().expect("cache lock");
        match &*cache {
            CacheState::Ready(tool, at) if at.elapsed() < self.config.cache_ttl => {
                return Ok(Arc::clone(tool));
            }
            CacheState::Failed(message, at) if at.elapsed() < self.config.failure_ttl => {
                let message = message.clone();
                return Err(async move { Err(message) }.boxed().shared());
            }
            CacheState::Pending(listing) => return Err(listing.clone()),
            _ => {}
        }
        let (task_source, limit, timeout, pages) = (
            Arc::clone(source),
            Arc::clone(&self.listings),
            self.config.list_timeout,
            self.config.max_pages,
        );
        let task = tokio::spawn(async move {
            let _permit = limit.acquire_owned().await.map_err(|e| e.to_string())?;
            let result = match tokio::time::timeout(timeout, task_source.list(pages)).await {
                Ok(result) => result,
                Err(_) => Err(format!("listing took longer than {timeout:?}")),
            };
            let mut cache = task_source.cache.lock().expect("cache lock");
            *cache = match &result {
                Ok(tool) => CacheState::Ready(Arc::clone(tool), Instant::now()),
                Err(message) => {
                    tracing::warn!(tool = %task_source.id, %message, "tool listing failed");
                    CacheState::Failed(message.clone(), Instant::now())
                }
            };
            result
        });
        let listing = async move {
            task.await
                .unwrap_or_else(|e| Err(format!("listing task failed: {e}")))
        }
        .boxed()
        .shared();
        *cache = CacheState::Pending(listing.clone());
        Err(listing)
    }

    /// Calls `method` of `tool_id` with `arguments` (a JSON object), bounded by the call timeout.
    pub async fn call(
        &self,
        tool_id: &str,
        method: &str,
        arguments: &Value,
    ) -> Result<Value, CatalogError> {
        let source = self
            .sources
            .get(tool_id)
            .ok_or_else(|| CatalogError::UnknownTool(tool_id.to_owned()))?;
        let args = match arguments {
            Value::Object(map) => map.clone(),
            Value::Null => Default::default(),
            other => {
                return Err(CatalogError::ToolFailed(format!(
                    "arguments must be a JSON object, not {other}"
                )));
            }
        };
        let timeout = self.config.call_timeout;
        let unreachable = |message: String| CatalogError::Unreachable {
            tool_id: tool_id.to_owned(),
            message,
        };
        let call = async {
            let connection = source.connection().await.map_err(unreachable)?;
            connection.call(method, args).await.map_err(|e| match e {
                mcp::CallError::Tool(message) => CatalogError::ToolFailed(message),
                mcp::CallError::Protocol(message) => unreachable(message),
            })
        };
        tokio::time::timeout(timeout, call)
            .await
            .unwrap_or_else(|_| {
                Err(CatalogError::Timeout {
                    tool_id: tool_id.to_owned(),
                    timeout,
                })
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_never_leave_in_a_source_label() {
        assert_eq!(
            strip_credentials("https://u:secret@mcp.example/x"),
            "https://mcp.example/x"
        );
        assert_eq!(
            strip_credentials("http://127.0.0.1:9/mcp"),
            "http://127.0.0.1:9/mcp"
        );
        assert_eq!(strip_credentials("https://host/a@b"), "https://host/a@b");
    }
}
