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

pub mod address;
pub mod builtin;
pub mod cassette;
pub mod classify;
pub mod dialect;
mod drift;
pub mod failure;
mod mcp;
mod sessions;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use contract::{MethodDescriptor, ToolDescriptor};
use futures::FutureExt;
use futures::future::{BoxFuture, Shared};
use serde_json::Value;
use tokio::sync::Semaphore;

pub use crate::address::{Address, Outbound};
use crate::builtin::BuiltinTool;
pub use crate::cassette::{Cassette, Tape};
pub use crate::classify::Overrides;
pub use crate::drift::{SchemaChange, canonical_hash};
pub use crate::failure::Failure;
use crate::mcp::Fault;
use crate::sessions::Sessions;

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
    /// Where remote servers may be reached.
    pub outbound: Outbound,
    /// A remote session unused this long is closed.
    pub session_idle: Duration,
    /// Most remote sessions open at once; the least recently used is closed first.
    pub max_sessions: usize,
    /// A JSON file that remembers each tool's listing hash across restarts; `None`: memory only.
    pub listing_record: Option<std::path::PathBuf>,
    /// Record every exchange to a folder, or replay them from one instead of the network.
    pub tape: Option<Tape>,
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
            outbound: Outbound::default(),
            session_idle: Duration::from_secs(60),
            max_sessions: 128,
            listing_record: None,
            tape: None,
        }
    }
}

/// A remote MCP server from the configuration.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Deserialize)]
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
    /// Methods the operator allows in query mode, whatever the server declares.
    #[serde(default)]
    pub query_methods: Vec<String>,
    /// Methods the operator forbids in query mode, whatever the server declares.
    #[serde(default)]
    pub deny_methods: Vec<String>,
}

/// Failures the catalog reports. Their texts are safe to show a caller: no remote body, no URL
/// secret, no internal type name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// Bad input: no tool has this id.
    #[error("unknown tool '{0}'")]
    UnknownTool(String),
    /// Bad input: two sources share an id.
    #[error("duplicate tool id '{0}'")]
    DuplicateTool(String),
    /// Bad configuration: a remote URL that cannot be used.
    #[error("tool '{tool_id}' has an unusable URL: {message}")]
    BadAddress {
        /// The tool.
        tool_id: String,
        /// What is wrong with it.
        message: String,
    },
    /// Bad input: a static catalog file that cannot be loaded.
    #[error("static catalog '{source_name}' cannot be loaded: {message}")]
    BadCatalog {
        /// The file or tool.
        source_name: String,
        /// What is wrong with it.
        message: String,
    },
    /// Upstream: the server could not be listed.
    #[error("tool '{tool_id}' could not be listed: {failure}")]
    Discovery {
        /// The tool.
        tool_id: String,
        /// Why, typed.
        failure: Failure,
    },
    /// Upstream: the tool ran and reported an error (its own words, cut short).
    #[error("{0}")]
    ToolFailed(String),
    /// Upstream: the exchange with the server failed.
    #[error("tool '{tool_id}' is unreachable: {failure}")]
    Unreachable {
        /// The tool.
        tool_id: String,
        /// Why, typed.
        failure: Failure,
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
    /// Tools whose listing failed, and why ([`CatalogError::Discovery`]).
    pub failures: Vec<CatalogError>,
    /// Tools still being listed when the discovery budget ran out.
    pub pending: Vec<String>,
    /// Tools whose listing, fetched for this discovery, differs from the one before: whatever
    /// was built from the old listing (a method index) is stale.
    pub changes: Vec<SchemaChange>,
}

/// A listing as it arrives: the tool, and whether it changed since the listing before.
#[derive(Clone)]
struct Listed {
    tool: Arc<ToolDescriptor>,
    change: Option<SchemaChange>,
}

type Listing = Shared<BoxFuture<'static, Result<Listed, Failure>>>;

enum CacheState {
    Empty,
    Pending(Listing),
    Ready(Arc<ToolDescriptor>, Instant),
    Failed(Failure, Instant),
}

enum Origin {
    Builtin(Arc<dyn BuiltinTool>),
    Remote(Address),
}

struct Source {
    id: String,
    title: String,
    description: String,
    origin: Origin,
    overrides: Overrides,
    /// Held while a session is being opened, so concurrent first calls open one.
    opening: tokio::sync::Mutex<()>,
    cache: Mutex<CacheState>,
    record: Arc<drift::Record>,
    cassette: Option<Arc<Cassette>>,
}

impl Source {
    fn source_label(&self) -> String {
        match &self.origin {
            Origin::Builtin(tool) => tool.source_label(),
            Origin::Remote(address) => address.shown().to_owned(),
        }
    }

    /// Writes a failure's raw detail to the log, scrubbed and cut short; callers see only the
    /// typed cause.
    fn log(&self, what: &str, fault: &Fault) {
        let detail = match &self.origin {
            Origin::Remote(address) => address.scrub(&fault.detail),
            Origin::Builtin(_) => fault.detail.clone(),
        };
        tracing::warn!(tool = %self.id, cause = %fault.failure, detail = %failure::loggable(&detail), "{what}");
    }

    async fn list(&self, sessions: &Arc<Sessions>, max_pages: usize) -> Result<Listed, Fault> {
        let tools = match self.cassette.as_deref().filter(|c| c.replays()) {
            Some(cassette) => cassette.listing(&self.id).ok_or(Fault {
                failure: Failure::NotRecorded,
                detail: "replay: the listing was not recorded".into(),
            })?,
            None => sessions.connection(self).await?.list(max_pages).await?,
        };
        if let Some(cassette) = &self.cassette {
            cassette.keep_listing(&self.id, &tools);
        }
        let methods = tools
            .iter()
            .map(|t| describe_method(t, &self.overrides))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|m| Fault {
                failure: Failure::InvalidReply,
                detail: m,
            })?;
        let hash = drift::listing_hash(&tools);
        let (changed_at, change) = self.record.observe(&self.id, &hash);
        if let Some(c) = &change {
            tracing::warn!(
                tool = %self.id,
                previous = %c.previous,
                current = %c.current,
                "the tool's listing changed since it was last listed; what was built from it is rebuilt"
            );
        }
        let description = match &self.origin {
            Origin::Builtin(tool) => tool.description(),
            Origin::Remote(_) => self.description.clone(),
        };
        let tool = Arc::new(ToolDescriptor {
            id: self.id.clone(),
            title: self.title.clone(),
            description,
            source: self.source_label(),
            methods,
            schema_hash: Some(hash),
            schema_changed_at: changed_at,
        });
        Ok(Listed { tool, change })
    }
}

/// Turns one wire tool definition into a classified method descriptor.
fn describe_method(tool: &Value, overrides: &Overrides) -> Result<MethodDescriptor, String> {
    let name = tool["name"]
        .as_str()
        .filter(|n| !n.is_empty())
        .ok_or("a tool definition has no name")?
        .to_owned();
    let description = tool["description"].as_str().unwrap_or_default().to_owned();
    let meta = classify::method_meta(tool);
    let safety = classify::classify_with(
        &name,
        &description,
        &meta,
        overrides,
        tool.get("inputSchema").unwrap_or(&Value::Null),
    );
    Ok(MethodDescriptor {
        name,
        description,
        // Checked, bound and shown as JSON Schema, whichever dialect the tool wrote it in.
        input_schema: tool
            .get("inputSchema")
            .map(dialect::standard)
            .unwrap_or_else(|| serde_json::json!({"type": "object"})),
        output_schema: tool
            .get("outputSchema")
            .filter(|v| !v.is_null())
            .map(dialect::standard),
        meta,
        safety,
    })
}

/// Longest tool-reported error shown to a caller.
const SHOWN_TOOL_ERROR: usize = 200;

/// A tool's own error text as a caller sees it: one line, cut short.
fn shown_tool_error(message: &str) -> String {
    failure::one_line(message, SHOWN_TOOL_ERROR)
}

/// The marketplace. Cheap to share (`Arc<Marketplace>`); all methods take `&self`.
pub struct Marketplace {
    config: MarketplaceConfig,
    record: Arc<drift::Record>,
    cassette: Option<Arc<Cassette>>,
    /// Failed calls by (tool id, kind): `tool_error`, `unreachable`, `timeout`.
    call_errors: Mutex<BTreeMap<(String, &'static str), u64>>,
    sources: BTreeMap<String, Arc<Source>>,
    listings: Arc<Semaphore>,
    sessions: Arc<Sessions>,
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
        let record = Arc::new(drift::Record::open(config.listing_record.clone()));
        let cassette = config.tape.clone().map(|t| Arc::new(Cassette::new(t)));
        let mut sources = BTreeMap::new();
        let mut add = |source: Source| {
            let id = source.id.clone();
            match sources.insert(id.clone(), Arc::new(source)) {
                Some(_) => Err(CatalogError::DuplicateTool(id)),
                None => Ok(()),
            }
        };
        let source = |id: &str, title: String, description: String, origin, overrides| Source {
            id: id.to_owned(),
            title,
            description,
            origin,
            overrides,
            opening: tokio::sync::Mutex::new(()),
            cache: Mutex::new(CacheState::Empty),
            record: Arc::clone(&record),
            cassette: cassette.clone(),
        };
        if config.builtin {
            for tool in builtins {
                let m = tool.manifest();
                let (id, title, description) =
                    (m.id.clone(), m.title.clone(), m.description.clone());
                add(source(
                    &id,
                    title,
                    description,
                    Origin::Builtin(tool),
                    Overrides::default(),
                ))?;
            }
        }
        for r in &config.remote {
            let address = Address::parse(&r.url).map_err(|message| CatalogError::BadAddress {
                tool_id: r.id.clone(),
                message,
            })?;
            add(source(
                &r.id,
                r.title.clone().unwrap_or_else(|| r.id.clone()),
                r.description.clone().unwrap_or_default(),
                Origin::Remote(address),
                Overrides {
                    query_methods: r.query_methods.clone(),
                    deny_methods: r.deny_methods.clone(),
                },
            ))?;
        }
        let listings = Arc::new(Semaphore::new(config.max_concurrent_listings.max(1)));
        let sessions = Arc::new(Sessions::new(
            config.outbound,
            config.session_idle,
            config.max_sessions,
        ));
        Ok(Self {
            config,
            record,
            cassette,
            call_errors: Mutex::default(),
            sources,
            listings,
            sessions,
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

    /// Under replay, exchanges asked for that had no cassette (each is also logged as an error).
    pub fn replay_misses(&self) -> u64 {
        self.cassette.as_ref().map_or(0, |c| c.misses())
    }

    /// Listing changes seen since start, across every tool.
    pub fn schema_changes(&self) -> u64 {
        self.record.changes()
    }

    /// Remote sessions open now.
    pub fn open_sessions(&self) -> usize {
        self.sessions.open_remote()
    }

    /// Closes the least recently used half of the remote sessions, returning how many: what a
    /// server does when it cannot accept connections for want of file descriptors.
    pub fn shed_sessions(&self) -> usize {
        self.sessions.shed()
    }

    /// Lists the given tools (from cache when fresh), waiting at most the discovery budget.
    /// Unknown ids are an error; servers that fail are reported in [`Discovery::failures`],
    /// those still listing in [`Discovery::pending`], and both are left out.
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
                    Ok(tool) => Ok(Listed { tool, change: None }),
                    Err(pending) => match tokio::time::timeout(budget, pending).await {
                        Ok(result) => result.map_err(Some),
                        Err(_) => Err(None),
                    },
                }
            }
        }))
        .await;
        let mut discovery = Discovery::default();
        for (source, result) in sources.iter().zip(results) {
            match result {
                Ok(listed) => {
                    discovery.tools.push(listed.tool);
                    discovery.changes.extend(listed.change);
                }
                Err(Some(failure)) => discovery.failures.push(CatalogError::Discovery {
                    tool_id: source.id.clone(),
                    failure,
                }),
                Err(None) => discovery.pending.push(source.id.clone()),
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

    /// Drops `tool_id`'s cached listing, so that the next request lists it again: for a tool
    /// whose description follows data that just changed. A listing under way is left to finish.
    pub fn relist(&self, tool_id: &str) {
        if let Some(source) = self.sources.get(tool_id) {
            let mut cache = source.cache.lock().expect("cache lock");
            if !matches!(*cache, CacheState::Pending(_)) {
                *cache = CacheState::Empty;
            }
        }
    }

    /// The cached listing, or the (possibly shared, already running) future that produces it.
    fn listing(&self, source: &Arc<Source>) -> Result<Arc<ToolDescriptor>, Listing> {
        let mut cache = source.cache.lock().expect("cache lock");
        match &*cache {
            CacheState::Ready(tool, at) if at.elapsed() < self.config.cache_ttl => {
                return Ok(Arc::clone(tool));
            }
            CacheState::Failed(failure, at) if at.elapsed() < self.config.failure_ttl => {
                let failure = *failure;
                return Err(async move { Err(failure) }.boxed().shared());
            }
            CacheState::Pending(listing) => return Err(listing.clone()),
            _ => {}
        }
        let (task_source, limit, sessions, timeout, pages) = (
            Arc::clone(source),
            Arc::clone(&self.listings),
            Arc::clone(&self.sessions),
            self.config.list_timeout,
            self.config.max_pages,
        );
        let task = tokio::spawn(async move {
            let _permit = limit.acquire_owned().await.map_err(|_| Failure::Closed)?;
            let result =
                match tokio::time::timeout(timeout, task_source.list(&sessions, pages)).await {
                    Ok(result) => result,
                    Err(_) => Err(Fault {
                        failure: Failure::Timeout,
                        detail: format!("listing took longer than {timeout:?}"),
                    }),
                };
            let result = result.map_err(|fault| {
                task_source.log("tool listing failed", &fault);
                sessions.failed(&task_source.id, fault.failure);
                fault.failure
            });
            let mut cache = task_source.cache.lock().expect("cache lock");
            *cache = match &result {
                Ok(listed) => CacheState::Ready(Arc::clone(&listed.tool), Instant::now()),
                Err(failure) => CacheState::Failed(*failure, Instant::now()),
            };
            result
        });
        let listing = async move { task.await.unwrap_or(Err(Failure::Closed)) }
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
                    "arguments must be a JSON object, not {}",
                    kind(other)
                )));
            }
        };
        let timeout = self.config.call_timeout;
        if let Some(cassette) = self.cassette.as_deref().filter(|c| c.replays()) {
            let result = match cassette.call(tool_id, method, arguments) {
                Some(cassette::Recorded::Result(v)) => Ok(v),
                Some(cassette::Recorded::ToolError(m)) => Err(CatalogError::ToolFailed(m)),
                Some(cassette::Recorded::Timeout) => Err(CatalogError::Timeout {
                    tool_id: tool_id.to_owned(),
                    timeout,
                }),
                Some(cassette::Recorded::Exchange(f)) => Err(CatalogError::Unreachable {
                    tool_id: tool_id.to_owned(),
                    failure: Failure::from_wire(&f).unwrap_or(Failure::InvalidReply),
                }),
                None => Err(CatalogError::Unreachable {
                    tool_id: tool_id.to_owned(),
                    failure: Failure::NotRecorded,
                }),
            };
            self.count_error(tool_id, &result);
            return result;
        }
        let started = Instant::now();
        let unreachable = |fault: Fault| {
            source.log("tool call failed", &fault);
            self.sessions.failed(tool_id, fault.failure);
            CatalogError::Unreachable {
                tool_id: tool_id.to_owned(),
                failure: fault.failure,
            }
        };
        let call = async {
            let connection = self
                .sessions
                .connection(source)
                .await
                .map_err(unreachable)?;
            connection.call(method, args).await.map_err(|e| match e {
                mcp::CallError::Tool(message) => {
                    CatalogError::ToolFailed(shown_tool_error(&message))
                }
                mcp::CallError::Exchange(fault) => unreachable(fault),
            })
        };
        let result = tokio::time::timeout(timeout, call)
            .await
            .unwrap_or_else(|_| {
                Err(CatalogError::Timeout {
                    tool_id: tool_id.to_owned(),
                    timeout,
                })
            });
        self.count_error(tool_id, &result);
        if let Some(cassette) = &self.cassette {
            let answered = match &result {
                Ok(v) => cassette::Recorded::Result(v.clone()),
                Err(CatalogError::Timeout { .. }) => cassette::Recorded::Timeout,
                Err(CatalogError::Unreachable { failure, .. }) => {
                    cassette::Recorded::Exchange(failure.to_string())
                }
                Err(other) => cassette::Recorded::ToolError(other.to_string()),
            };
            cassette.keep_call(tool_id, method, arguments, &answered, started.elapsed());
        }
        result
    }

    /// Counts a failed call against its tool.
    fn count_error(&self, tool_id: &str, result: &Result<Value, CatalogError>) {
        let Err(e) = result else { return };
        let kind = match e {
            CatalogError::Timeout { .. } => "timeout",
            CatalogError::Unreachable { .. } => "unreachable",
            _ => "tool_error",
        };
        *self
            .call_errors
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry((tool_id.to_owned(), kind))
            .or_default() += 1;
    }

    /// Failed calls so far, by (tool id, kind: `tool_error`, `unreachable` or `timeout`).
    pub fn call_errors(&self) -> BTreeMap<(String, &'static str), u64> {
        self.call_errors
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_error_is_shown_on_one_short_line() {
        assert_eq!(shown_tool_error("no such city\n"), "no such city");
        let long = "e".repeat(500);
        assert_eq!(
            shown_tool_error(&long).chars().count(),
            SHOWN_TOOL_ERROR + 1
        );
        assert!(!shown_tool_error("a\r\nb").contains('\n'));
    }
}
