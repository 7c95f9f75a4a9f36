//! Configuration: a TOML file (every key optional), then environment overrides. With no file
//! and no environment, Sluice runs with its built-in tools and embedded models, no key needed.

use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use catalog::{MarketplaceConfig, RemoteServer};
use executor::{Limits, SandboxConfig};
use serde::Deserialize;

/// The whole configuration.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Where Sluice keeps its state: the chat's SQLite file and the document index (flag
    /// `--data-dir`, env `SLUICE_DATA_DIR`; a top-level key, before any table). Defaults to
    /// `$XDG_DATA_HOME/sluice` or `~/.local/share/sluice`; created on first run.
    pub data_dir: Option<PathBuf>,
    /// `[server]`.
    pub server: ServerConfig,
    /// `[pipeline]`.
    pub pipeline: PipelineConfig,
    /// `[marketplace]`.
    pub marketplace: MarketplaceSection,
    /// `[sandbox]`.
    pub sandbox: SandboxSection,
    /// `[models]`.
    pub models: ModelsConfig,
    /// `[chat]`.
    pub chat: ChatSection,
    /// `[knowledge]`.
    pub knowledge: KnowledgeSection,
    /// `[auth]`.
    pub auth: AuthSection,
    /// `[limits]`.
    pub limits: LimitsSection,
    /// `--record DIR` / `--replay DIR`: every tool and model exchange written to, or served
    /// from, cassettes in a folder. Not a file key.
    #[serde(skip)]
    pub tape: Option<catalog::Tape>,
}

/// `[auth]`: who may call `/api/v1/*`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AuthSection {
    /// `none` (anyone; callers are told apart by address) or `keys` (`/api/v1/*` needs
    /// `Authorization: Bearer <key>` from `sluice keys create`; the chat still takes anonymous
    /// visitors).
    pub mode: AuthMode,
}

/// Whether `/api/v1/*` needs an API key.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AuthMode {
    /// No key needed.
    #[default]
    None,
    /// A live key from the key table.
    Keys,
}

/// `[limits]`: how often one caller may come. A caller is a key, or for anonymous callers their
/// client address. A zero is no limit (the default: a local `sluice serve` limits nobody).
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LimitsSection {
    /// The sliding window, in seconds.
    pub window_secs: u64,
    /// Requests one key may make in any window.
    pub requests_per_window: u32,
    /// Turns (queries and chat messages) one key may take per UTC day.
    pub turns_per_day: u32,
    /// Requests one anonymous address may make in any window.
    pub anonymous_requests_per_window: u32,
    /// Turns one anonymous address may take per UTC day.
    pub anonymous_turns_per_day: u32,
    /// Redis shared by every replica (env `REDIS_URL`); unset: limits are kept in this process.
    pub redis_url: Option<String>,
    /// What happens when Redis does not answer: `open` admits, `closed` refuses with a 503.
    pub on_store_error: access::FailMode,
    /// Longest a limit check waits for Redis (milliseconds).
    pub store_timeout_ms: u64,
    /// A header a trusted proxy sets to the client's address (`x-forwarded-for`: its last
    /// entry, the one the nearest proxy wrote). Unset: the connection's peer address.
    pub client_address_header: Option<String>,
}

impl Default for LimitsSection {
    fn default() -> Self {
        Self {
            window_secs: 60,
            requests_per_window: 0,
            turns_per_day: 0,
            anonymous_requests_per_window: 0,
            anonymous_turns_per_day: 0,
            redis_url: None,
            on_store_error: access::FailMode::Open,
            store_timeout_ms: 250,
            client_address_header: None,
        }
    }
}

impl LimitsSection {
    /// The rule for callers with a key.
    pub fn key_rule(&self) -> access::Rule {
        access::Rule {
            requests: self.requests_per_window,
            window: Duration::from_secs(self.window_secs.max(1)),
            turns_per_day: self.turns_per_day,
        }
    }

    /// The rule for anonymous callers.
    pub fn anonymous_rule(&self) -> access::Rule {
        access::Rule {
            requests: self.anonymous_requests_per_window,
            window: Duration::from_secs(self.window_secs.max(1)),
            turns_per_day: self.anonymous_turns_per_day,
        }
    }

    /// The limiter these settings name: Redis when a URL is set, else in process.
    pub fn limiter(&self) -> Result<access::Limiter, access::LimitError> {
        match &self.redis_url {
            Some(url) => access::Limiter::redis(
                url,
                Duration::from_millis(self.store_timeout_ms.max(1)),
                self.on_store_error,
            ),
            None => Ok(access::Limiter::in_process()),
        }
    }
}

/// `[knowledge]`: document collections served by the built-in `docs` tool.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KnowledgeSection {
    /// Collections (`[[knowledge.collections]]` with `id`, `path`, `title`); `serve --docs DIR`
    /// adds each subfolder of DIR.
    pub collections: Vec<knowledge::CollectionSpec>,
    /// Largest file read, in bytes; larger ones are skipped with a warning.
    pub max_file_bytes: u64,
    /// Seconds between looks for changed files (0: only at start).
    pub rescan_secs: u64,
}

impl Default for KnowledgeSection {
    fn default() -> Self {
        Self {
            collections: Vec::new(),
            max_file_bytes: knowledge::LibraryLimits::default().max_file_bytes,
            rescan_secs: 5,
        }
    }
}

impl Config {
    /// The data directory: configured, or `$XDG_DATA_HOME/sluice`, or `~/.local/share/sluice`.
    pub fn data_dir(&self) -> PathBuf {
        self.data_dir
            .clone()
            .or_else(|| user_dir("XDG_DATA_HOME", ".local/share"))
            .unwrap_or_else(|| PathBuf::from(".sluice"))
    }

    /// Checks that no two document collections share an id.
    pub fn check_collections(&self) -> Result<(), ConfigError> {
        let mut seen = std::collections::HashSet::new();
        for c in &self.knowledge.collections {
            if !seen.insert(&c.id) {
                return Err(ConfigError::Invalid {
                    path: "configuration".into(),
                    message: format!(
                        "knowledge.collections: two collections are called '{}' (the second from {})",
                        c.id,
                        c.path.display()
                    ),
                });
            }
        }
        Ok(())
    }

    /// Opens the chat's thread store: PostgreSQL at `chat.database_url`, else SQLite in the data
    /// directory.
    pub async fn open_store(&self) -> Result<chat::Store, chat::StoreError> {
        let timeout = Duration::from_millis(self.chat.store_timeout_ms);
        match &self.chat.database_url {
            Some(url) => chat::Store::connect(url, timeout).await,
            None => chat::Store::in_dir(&self.data_dir(), timeout).await,
        }
    }
}

/// `[chat]`: the first-party chat's storage and guardrails.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChatSection {
    /// PostgreSQL URL (env `DATABASE_URL`); when unset, threads live in SQLite in the data
    /// directory.
    pub database_url: Option<String>,
    /// Longest accepted message, in characters (at most 4,000).
    pub max_message_chars: usize,
    /// Turns one thread may take; a message beyond them is refused.
    pub max_turns_per_thread: u32,
    /// Estimated tokens of earlier turns a message carries as context; older turns are folded
    /// into one summary within it.
    pub history_token_budget: usize,
    /// Most threads `GET /api/chat/threads` lists.
    pub max_threads_listed: u32,
    /// Longest a database call waits for a connection (milliseconds).
    pub store_timeout_ms: u64,
}

impl Default for ChatSection {
    fn default() -> Self {
        Self {
            database_url: None,
            max_message_chars: 2_000,
            max_turns_per_thread: 200,
            history_token_budget: 1_500,
            max_threads_listed: 200,
            store_timeout_ms: 5_000,
        }
    }
}

/// `[server]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ServerConfig {
    /// Address to bind (env `SLUICE_BIND`).
    pub bind: IpAddr,
    /// Port (env `SLUICE_PORT`, flag `--port`).
    pub port: u16,
    /// Largest accepted request body, in bytes.
    pub max_body_bytes: usize,
    /// Longest a client may take to send a request's headers; an idle connection is closed
    /// after it too (milliseconds).
    pub header_timeout_ms: u64,
    /// Longest a request body may take to arrive (milliseconds).
    pub body_timeout_ms: u64,
    /// Connections served at once; one more gets a 503 at once.
    pub max_connections: usize,
    /// Queries running at once; the rest wait up to `queue_timeout_ms`, then get a 503.
    pub max_in_flight: usize,
    /// Longest a query waits for a running slot (milliseconds).
    pub queue_timeout_ms: u64,
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            max_body_bytes: 64 * 1024,
            header_timeout_ms: 10_000,
            body_timeout_ms: 10_000,
            max_connections: 1024,
            max_in_flight: 128,
            queue_timeout_ms: 2_000,
        }
    }
}

/// `[pipeline]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PipelineConfig {
    /// Completeness rounds beyond the first.
    pub max_rediscovery_rounds: u32,
    /// Tools kept by selection when none are pinned.
    pub max_selected_tools: usize,
    /// Share of the query a method's metadata must cover to be viable (0 to 1).
    pub viable_coverage: f64,
    /// Longest one request may take, every stage included (milliseconds).
    pub request_deadline_ms: u64,
}

impl Default for PipelineConfig {
    fn default() -> Self {
        Self {
            max_rediscovery_rounds: 2,
            max_selected_tools: 5,
            viable_coverage: probes::Weights::DEFAULT.viable_coverage,
            request_deadline_ms: 30_000,
        }
    }
}

/// `[marketplace]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MarketplaceSection {
    /// Serve the built-in tools.
    pub builtin: bool,
    /// Remote MCP servers (`[[marketplace.remote]]` with `id`, `url`, `title`, `description`).
    pub remote: Vec<RemoteServer>,
    /// Static catalogs: JSON files of tool definitions without a backend (plan-only).
    pub static_catalogs: Vec<PathBuf>,
    /// Seconds a tool listing stays cached.
    pub cache_ttl_secs: u64,
    /// Milliseconds a request waits for discovery.
    pub discovery_budget_ms: u64,
    /// Milliseconds a listing may take.
    pub list_timeout_ms: u64,
    /// Milliseconds a tool call may take.
    pub call_timeout_ms: u64,
    /// Contact remote servers at private, link-local and metadata addresses.
    pub allow_private: bool,
    /// Contact remote servers on loopback (local setups and tests).
    pub allow_loopback: bool,
    /// Seconds an unused remote MCP session stays open.
    pub session_idle_secs: u64,
    /// Most remote MCP sessions open at once (least recently used closed first).
    pub max_sessions: usize,
}

impl Default for MarketplaceSection {
    fn default() -> Self {
        let d = MarketplaceConfig::default();
        Self {
            builtin: true,
            remote: Vec::new(),
            static_catalogs: Vec::new(),
            cache_ttl_secs: d.cache_ttl.as_secs(),
            discovery_budget_ms: d.discovery_budget.as_millis() as u64,
            list_timeout_ms: d.list_timeout.as_millis() as u64,
            call_timeout_ms: d.call_timeout.as_millis() as u64,
            allow_private: d.outbound.allow_private,
            allow_loopback: d.outbound.allow_loopback,
            session_idle_secs: d.session_idle.as_secs(),
            max_sessions: d.max_sessions,
        }
    }
}

/// `[sandbox]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SandboxSection {
    /// Milliseconds a program may run, tool calls included.
    pub deadline_ms: u64,
    /// Fuel (CPU budget) per run.
    pub fuel: u64,
    /// Memory per run, in MiB.
    pub memory_mib: usize,
    /// Tool calls per run.
    pub max_tool_calls: usize,
    /// Programs running at once.
    pub max_concurrent_runs: u32,
    /// Where to cache the compiled sandbox module; empty disables the cache. Defaults to
    /// `$XDG_CACHE_HOME/sluice` or `~/.cache/sluice`.
    pub module_cache_dir: Option<PathBuf>,
    /// MiB of compiled programs kept (text plus bytecode), so that a program run again with the
    /// same text skips parsing and compiling; 0 compiles every run.
    pub compiled_cache_mib: usize,
}

impl Default for SandboxSection {
    fn default() -> Self {
        let l = Limits::default();
        Self {
            deadline_ms: l.deadline.as_millis() as u64,
            fuel: l.fuel,
            memory_mib: l.memory_bytes >> 20,
            max_tool_calls: l.max_tool_calls,
            max_concurrent_runs: SandboxConfig::default().max_concurrent_runs,
            module_cache_dir: None,
            compiled_cache_mib: SandboxConfig::default().compiled_cache_bytes >> 20,
        }
    }
}

/// `[models]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ModelsConfig {
    /// Answer models a caller may pick with `answerModelId`.
    pub answer_models: Vec<String>,
    /// The answer model when the caller names none.
    pub default_answer_model: String,
    /// The model that judges ambiguity in the deep lane (a name in `registry`); none: embedded.
    pub judge: Option<String>,
    /// The model that narrows tool selection when no tools are pinned; none: relevance only.
    pub selection: Option<String>,
    /// The model that writes programs; none: the deterministic planner.
    pub planner: Option<String>,
    /// The model that repairs failed programs; defaults to the planner.
    pub repair: Option<String>,
    /// The model that judges completeness when the deterministic check finds the evidence short.
    pub completeness: Option<String>,
    /// The model that summarizes a chat thread's older turns; none: the deterministic fold.
    pub summary: Option<String>,
    /// Named models (`[models.registry.NAME]`).
    pub registry: std::collections::BTreeMap<String, ModelSpec>,
    /// Per-stage budgets (`[models.stages.judge]` … with `max_tokens`, `timeout_ms`).
    pub stages: std::collections::BTreeMap<String, StageBudget>,
}

/// What one stage may spend on a model call.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageBudget {
    /// Most tokens the model may generate.
    pub max_tokens: Option<u32>,
    /// Longest the stage waits for the model (on top of the model's own timeout).
    pub timeout_ms: Option<u64>,
}

impl Default for ModelsConfig {
    fn default() -> Self {
        Self {
            answer_models: vec!["embedded".into()],
            default_answer_model: "embedded".into(),
            judge: None,
            selection: None,
            planner: None,
            repair: None,
            completeness: None,
            summary: None,
            registry: Default::default(),
            stages: Default::default(),
        }
    }
}

/// One named model.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelSpec {
    /// `openai` (any OpenAI-compatible chat-completions server) or `anthropic`.
    pub provider: String,
    /// Base URL: up to `/v1` for OpenAI-compatible servers, the host for Anthropic.
    pub base_url: String,
    /// The provider's model id.
    pub model: String,
    /// The key itself (prefer `api_key_env`). Never logged or returned.
    #[serde(default)]
    pub api_key: Option<models::Secret>,
    /// The environment variable holding the key.
    #[serde(default)]
    pub api_key_env: Option<String>,
    /// How an OpenAI-compatible server is asked for JSON: `auto` (default: `json_schema`, else
    /// `json_object` with the schema, else prompt-instructed; the first the server takes is
    /// remembered), or one of `json_schema`, `json_object`, `prompt`.
    #[serde(default)]
    pub structured: Option<String>,
    /// Total time for one call, retries included.
    #[serde(default = "default_model_timeout")]
    pub timeout_ms: u64,
    /// Retries on 429 and 5xx.
    #[serde(default = "default_retries")]
    pub retries: u32,
}

fn default_model_timeout() -> u64 {
    20_000
}

fn default_retries() -> u32 {
    2
}

impl ModelSpec {
    /// The provider behind this spec.
    pub fn build(&self, name: &str) -> Result<std::sync::Arc<dyn models::Model>, ConfigError> {
        let invalid = |message: String| ConfigError::Invalid {
            path: "configuration".into(),
            message,
        };
        let key = self.api_key.clone().or_else(|| {
            self.api_key_env
                .as_ref()
                .and_then(|v| std::env::var(v).ok())
                .map(models::Secret::new)
        });
        let policy = models::http::Policy {
            timeout: Duration::from_millis(self.timeout_ms),
            retries: self.retries,
            ..Default::default()
        };
        match self.provider.as_str() {
            "openai" => {
                let word = self.structured.as_deref().unwrap_or("auto");
                let structured = models::openai::Structured::parse(word).ok_or_else(|| {
                    invalid(format!(
                        "models.registry.{name}.structured: '{word}' is not auto, json_schema, json_object or prompt"
                    ))
                })?;
                Ok(std::sync::Arc::new(models::openai::OpenAiCompatible::new(
                    name,
                    &self.base_url,
                    &self.model,
                    key,
                    structured,
                    policy,
                )))
            }
            "anthropic" => {
                let key = key.ok_or_else(|| {
                    invalid(format!(
                        "models.registry.{name}: anthropic needs api_key or api_key_env"
                    ))
                })?;
                Ok(std::sync::Arc::new(models::anthropic::Anthropic::new(
                    name,
                    &self.base_url,
                    &self.model,
                    key,
                    policy,
                )))
            }
            other => Err(invalid(format!(
                "models.registry.{name}.provider: '{other}' is not openai or anthropic"
            ))),
        }
    }
}

/// Configuration errors, for the CLI to print.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid configuration.
    #[error("{path}: {message}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong, with the key.
        message: String,
    },
    /// An environment variable has a bad value.
    #[error("environment variable {name}: {message}")]
    Env {
        /// The variable.
        name: &'static str,
        /// What is wrong.
        message: String,
    },
}

impl Config {
    /// Reads `path` (when given), then applies environment overrides.
    pub fn load(path: Option<&Path>) -> Result<Self, ConfigError> {
        let mut config = match path {
            Some(p) => {
                let text = std::fs::read_to_string(p).map_err(|source| ConfigError::Read {
                    path: p.into(),
                    source,
                })?;
                toml::from_str(&text).map_err(|e| ConfigError::Invalid {
                    path: p.into(),
                    message: e.to_string(),
                })?
            }
            None => Config::default(),
        };
        if let Ok(v) = std::env::var("SLUICE_PORT") {
            config.server.port = v.parse().map_err(|_| ConfigError::Env {
                name: "SLUICE_PORT",
                message: format!("'{v}' is not a port"),
            })?;
        }
        if let Ok(v) = std::env::var("DATABASE_URL")
            && !v.trim().is_empty()
        {
            config.chat.database_url = Some(v);
        }
        if let Ok(v) = std::env::var("REDIS_URL")
            && !v.trim().is_empty()
        {
            config.limits.redis_url = Some(v);
        }
        if let Some(v) = std::env::var_os("SLUICE_DATA_DIR").filter(|v| !v.is_empty()) {
            config.data_dir = Some(v.into());
        }
        if let Ok(v) = std::env::var("SLUICE_BIND") {
            config.server.bind = v.parse().map_err(|_| ConfigError::Env {
                name: "SLUICE_BIND",
                message: format!("'{v}' is not an IP address"),
            })?;
        }
        // The common case in one step: SLUICE_MODEL with OPENAI_BASE_URL/OPENAI_API_KEY (or
        // ANTHROPIC_API_KEY) puts the judge on that model.
        if let Ok(model) = std::env::var("SLUICE_MODEL")
            && config.models.judge.is_none()
        {
            let anthropic = std::env::var("ANTHROPIC_API_KEY").is_ok()
                && std::env::var("OPENAI_BASE_URL").is_err();
            let spec = ModelSpec {
                provider: if anthropic { "anthropic" } else { "openai" }.into(),
                base_url: if anthropic {
                    std::env::var("ANTHROPIC_BASE_URL")
                        .unwrap_or_else(|_| "https://api.anthropic.com".into())
                } else {
                    std::env::var("OPENAI_BASE_URL")
                        .unwrap_or_else(|_| "https://api.openai.com/v1".into())
                },
                model,
                api_key: None,
                api_key_env: Some(
                    if anthropic {
                        "ANTHROPIC_API_KEY"
                    } else {
                        "OPENAI_API_KEY"
                    }
                    .into(),
                ),
                structured: None,
                timeout_ms: default_model_timeout(),
                retries: default_retries(),
            };
            config.models.registry.insert("env".into(), spec);
            config.models.judge = Some("env".into());
            config.models.planner.get_or_insert_with(|| "env".into());
            config.models.selection.get_or_insert_with(|| "env".into());
            config
                .models
                .completeness
                .get_or_insert_with(|| "env".into());
            if !config.models.answer_models.iter().any(|m| m == "env") {
                config.models.answer_models.push("env".into());
            }
            config.models.default_answer_model = "env".into();
        }
        config.validate()?;
        Ok(config)
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let invalid = |message: String| ConfigError::Invalid {
            path: "configuration".into(),
            message,
        };
        let limit = contract::request::MAX_QUERY_CHARS;
        if !(1..=limit).contains(&self.chat.max_message_chars) {
            return Err(invalid(format!(
                "chat.max_message_chars must be 1 to {limit}"
            )));
        }
        self.check_collections()?;
        if self.chat.max_turns_per_thread == 0 {
            return Err(invalid(
                "chat.max_turns_per_thread must be at least 1".into(),
            ));
        }
        if !self
            .models
            .answer_models
            .contains(&self.models.default_answer_model)
        {
            return Err(invalid(format!(
                "models.default_answer_model '{}' is not in models.answer_models",
                self.models.default_answer_model
            )));
        }
        for name in self
            .models
            .answer_models
            .iter()
            .filter(|m| *m != "embedded")
        {
            if !self.models.registry.contains_key(name) {
                return Err(invalid(format!(
                    "models.answer_models: '{name}' is not in models.registry"
                )));
            }
        }
        for (stage, name) in [
            ("planner", &self.models.planner),
            ("repair", &self.models.repair),
            ("summary", &self.models.summary),
        ] {
            if let Some(n) = name
                && !self.models.registry.contains_key(n)
            {
                return Err(invalid(format!(
                    "models.{stage} '{n}' is not in models.registry"
                )));
            }
        }
        for stage in self.models.stages.keys() {
            if ![
                "selection",
                "judge",
                "planner",
                "repair",
                "completeness",
                "synthesis",
                "summary",
            ]
            .contains(&stage.as_str())
            {
                return Err(invalid(format!(
                    "models.stages.{stage}: not a stage (selection, judge, planner, repair, completeness, synthesis, summary)"
                )));
            }
        }
        if let Some(j) = &self.models.judge
            && !self.models.registry.contains_key(j)
        {
            return Err(invalid(format!(
                "models.judge '{j}' is not in models.registry"
            )));
        }
        if !(0.0..=1.0).contains(&self.pipeline.viable_coverage) {
            return Err(invalid(
                "pipeline.viable_coverage must be between 0 and 1".into(),
            ));
        }
        if self.sandbox.memory_mib == 0 || self.sandbox.memory_mib > 4096 {
            return Err(invalid(
                "sandbox.memory_mib must be between 1 and 4096".into(),
            ));
        }
        for r in &self.marketplace.remote {
            if let Err(problem) = catalog::Address::parse(&r.url) {
                return Err(invalid(format!("marketplace.remote '{}': {problem}", r.id)));
            }
        }
        if self.server.max_connections == 0 || self.server.max_in_flight == 0 {
            return Err(invalid(
                "server.max_connections and server.max_in_flight must be at least 1".into(),
            ));
        }
        if self.pipeline.request_deadline_ms == 0 {
            return Err(invalid(
                "pipeline.request_deadline_ms must be positive".into(),
            ));
        }
        if self.marketplace.max_sessions == 0 {
            return Err(invalid(
                "marketplace.max_sessions must be at least 1".into(),
            ));
        }
        Ok(())
    }

    /// The marketplace settings.
    pub fn marketplace(&self) -> MarketplaceConfig {
        let m = &self.marketplace;
        MarketplaceConfig {
            remote: m.remote.clone(),
            builtin: m.builtin,
            cache_ttl: Duration::from_secs(m.cache_ttl_secs),
            discovery_budget: Duration::from_millis(m.discovery_budget_ms),
            list_timeout: Duration::from_millis(m.list_timeout_ms),
            call_timeout: Duration::from_millis(m.call_timeout_ms),
            outbound: catalog::Outbound {
                allow_private: m.allow_private,
                allow_loopback: m.allow_loopback,
            },
            session_idle: Duration::from_secs(m.session_idle_secs),
            max_sessions: m.max_sessions,
            ..MarketplaceConfig::default()
        }
    }

    /// The sandbox settings. `cache` enables the on-disk module cache (the CLI wants it; tests
    /// do not).
    pub fn sandbox(&self, cache: bool) -> SandboxConfig {
        let s = &self.sandbox;
        let memory = s.memory_mib << 20;
        let limits = Limits {
            deadline: Duration::from_millis(s.deadline_ms),
            fuel: s.fuel,
            memory_bytes: memory,
            max_tool_calls: s.max_tool_calls,
            ..Limits::default()
        };
        let dir = s
            .module_cache_dir
            .clone()
            .or_else(default_cache_dir)
            .filter(|d| !d.as_os_str().is_empty());
        SandboxConfig {
            limits,
            max_memory_bytes: memory,
            max_concurrent_runs: s.max_concurrent_runs,
            module_cache_dir: if cache { dir } else { None },
            compiled_cache_bytes: s.compiled_cache_mib.saturating_mul(1 << 20),
            ..SandboxConfig::default()
        }
    }
}

fn default_cache_dir() -> Option<PathBuf> {
    user_dir("XDG_CACHE_HOME", ".cache")
}

/// Sluice's folder under the XDG base directory `variable`, or under `$HOME/home_relative`.
fn user_dir(variable: &str, home_relative: &str) -> Option<PathBuf> {
    std::env::var_os(variable)
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(home_relative)))
        .map(|d| d.join("sluice"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_optional_and_unknown_keys_are_refused() {
        let c: Config = toml::from_str("[server]\nport = 9000\n[[marketplace.remote]]\nid = \"x\"\nurl = \"http://127.0.0.1:1/mcp\"").unwrap();
        assert_eq!(c.server.port, 9000);
        assert_eq!(c.marketplace.remote[0].id, "x");
        assert!(c.marketplace.builtin);
        let err = toml::from_str::<Config>("[server]\nprot = 1")
            .unwrap_err()
            .to_string();
        assert!(err.contains("prot"), "{err}");
    }

    #[test]
    fn the_compiled_program_cache_is_sized_in_mib_and_zero_turns_it_off() {
        let default = Config::default().sandbox(false);
        assert_eq!(default.compiled_cache_bytes, 16 << 20);
        let off: Config = toml::from_str("[sandbox]\ncompiled_cache_mib = 0").unwrap();
        assert_eq!(off.sandbox(false).compiled_cache_bytes, 0);
        let big: Config = toml::from_str("[sandbox]\ncompiled_cache_mib = 64").unwrap();
        assert_eq!(big.sandbox(false).compiled_cache_bytes, 64 << 20);
    }
}
