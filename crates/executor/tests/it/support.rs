//! Test fixtures: a shared sandbox and an in-memory tool caller.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use executor::{
    AllowedMethod, Allowlist, ExecutionRecord, Sandbox, SandboxConfig, ToolCaller, ToolError,
    ToolFuture,
};
use serde_json::{Value, json};

/// Compiling the guest takes a second; every test shares this one sandbox.
pub fn sandbox() -> &'static Sandbox {
    static SANDBOX: OnceLock<Sandbox> = OnceLock::new();
    SANDBOX.get_or_init(|| Sandbox::new(SandboxConfig::default()).expect("sandbox builds"))
}

type Handler = Box<dyn Fn(&Value) -> Result<Value, ToolError> + Send + Sync>;

/// Tools held in memory: each method answers through a closure, optionally after a delay.
#[derive(Default)]
pub struct MemoryTools {
    handlers: HashMap<(String, String), Handler>,
    delay: Duration,
    pub dispatched: AtomicUsize,
}

impl MemoryTools {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with(
        mut self,
        tool: &str,
        method: &str,
        f: impl Fn(&Value) -> Result<Value, ToolError> + Send + Sync + 'static,
    ) -> Self {
        self.handlers
            .insert((tool.into(), method.into()), Box::new(f));
        self
    }

    pub fn delayed(mut self, delay: Duration) -> Self {
        self.delay = delay;
        self
    }

    pub fn count(&self) -> usize {
        self.dispatched.load(Ordering::SeqCst)
    }
}

impl ToolCaller for MemoryTools {
    fn call<'a>(
        &'a self,
        tool_id: &'a str,
        method: &'a str,
        arguments: &'a Value,
    ) -> ToolFuture<'a> {
        Box::pin(async move {
            self.dispatched.fetch_add(1, Ordering::SeqCst);
            if !self.delay.is_zero() {
                tokio::time::sleep(self.delay).await;
            }
            match self.handlers.get(&(tool_id.to_owned(), method.to_owned())) {
                Some(f) => f(arguments),
                None => Err(ToolError::new(format!("{tool_id} has no method {method}"))),
            }
        })
    }
}

/// A markets tool with a search method (echoing its query) and a failing method, and a wallet
/// whose transfer must never be reached.
pub fn market_tools() -> Arc<MemoryTools> {
    Arc::new(
        MemoryTools::new()
            .with("markets", "search", |args| {
                let q = args["query"].as_str().unwrap_or_default();
                Ok(json!({"markets": [{"id": "m1", "title": format!("{q} winner"), "price": 0.42}]}))
            })
            .with("markets", "get", |args| Ok(json!({"id": args["id"], "volume": 1000})))
            .with("markets", "broken", |_| Err(ToolError::new("upstream returned 503")))
            .with("wallet", "transfer", |_| Ok(json!({"sent": true}))),
    )
}

/// The allow-list matching [`market_tools`], without the wallet.
pub fn market_allowlist() -> Allowlist {
    let search = json!({
        "type": "object",
        "properties": {"query": {"type": "string", "minLength": 1}, "limit": {"type": "integer", "minimum": 1}},
        "required": ["query"],
        "additionalProperties": false
    });
    Allowlist::new([
        AllowedMethod::new("markets", "search", search),
        AllowedMethod::new(
            "markets",
            "get",
            json!({"type": "object", "required": ["id"]}),
        ),
        AllowedMethod::new("markets", "broken", json!({"type": "object"})),
    ])
    .unwrap()
}

/// Runs `program` against the market tools.
pub async fn run(program: &str) -> ExecutionRecord {
    sandbox()
        .run(program, &market_allowlist(), market_tools())
        .await
}
