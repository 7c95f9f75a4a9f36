//! The Sluice runtime: the only crate that wires concrete pieces together.
//!
//! - [`pipeline`]: the driver that sequences the stages and checks the cross-stage invariants;
//! - [`http`]: the HTTP API (`app(state)`), every error through one JSON mapping;
//! - [`admission`]: API keys on `/api/v1/*` and per-caller limits on the API and the chat;
//! - [`cassette`]: record and replay of model calls (the catalog's `cassette` does tool calls);
//! - [`chat`]: the first-party chat (`/api/chat`, its threads, the page at `/`);
//! - [`config`]: TOML configuration with environment overrides;
//! - [`telemetry`]: logs, and OpenTelemetry export when configured;
//! - the `sluice` binary (`src/main.rs`): `serve`, `query`, `tools`.

pub mod admission;
pub mod cassette;
pub mod chat;
pub mod cli;
pub mod config;
pub mod http;
pub mod metrics;
pub mod pipeline;
pub mod server;
pub mod telemetry;

use std::sync::Arc;

use anyhow::Context;

/// Every binary built on the runtime (`sluice`, the benchmarks, the load generator, the tests)
/// allocates through mimalloc: a request makes thousands of small, short-lived allocations
/// across the stages, and glibc's allocator spent about a sixth of a request's time on them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Builds the pipeline from `config`: the marketplace (nothing connected yet) and the sandbox
/// (compiled, or loaded from the module cache). With `persistent` (the `sluice` command, not
/// tests), the sandbox module is cached on disk and each tool's listing hash is remembered in
/// the data directory (`tool-listings.json`), so that a tool changed while Sluice was stopped is
/// noticed.
pub fn build_pipeline(
    config: &config::Config,
    persistent: bool,
) -> anyhow::Result<pipeline::Pipeline> {
    // The semantic word table is read once, here, so that no request pays for it.
    let started = std::time::Instant::now();
    text::semantic::load()?;
    tracing::info!(
        elapsed_ms = started.elapsed().as_secs_f64() * 1e3,
        "semantic word table loaded"
    );
    let mut tools = if config.marketplace.builtin {
        catalog::builtin::all()
    } else {
        Vec::new()
    };
    let mut documents = None;
    if !config.knowledge.collections.is_empty() {
        let started = std::time::Instant::now();
        let library = Arc::new(
            knowledge::Library::open(
                &config.data_dir(),
                config.knowledge.collections.clone(),
                knowledge::LibraryLimits {
                    max_file_bytes: config.knowledge.max_file_bytes,
                },
            )
            .context("opening the document index")?,
        );
        tracing::info!(
            collections = config.knowledge.collections.len(),
            elapsed_ms = started.elapsed().as_secs_f64() * 1e3,
            "documents read and indexed"
        );
        tools.push(Arc::new(knowledge::DocsTool::new(Arc::clone(&library))));
        documents = Some(library);
    }
    for path in &config.marketplace.static_catalogs {
        tools.extend(
            catalog::builtin::static_catalog::load(path)
                .with_context(|| format!("loading {}", path.display()))?,
        );
    }
    // `tools` already honours `builtin`; the marketplace takes the list as given.
    let marketplace_config = catalog::MarketplaceConfig {
        builtin: true,
        listing_record: persistent.then(|| config.data_dir().join("tool-listings.json")),
        tape: config.tape.clone(),
        ..config.marketplace()
    };
    let marketplace = Arc::new(
        catalog::Marketplace::with_builtins(marketplace_config, tools)
            .context("building the marketplace")?,
    );
    if let Some(library) = &documents
        && config.knowledge.rescan_secs > 0
    {
        // A re-index changes what the docs tool's description says; the next request lists it
        // again instead of waiting out the listing cache.
        let listed = Arc::downgrade(&marketplace);
        knowledge::watch(
            library,
            std::time::Duration::from_secs(config.knowledge.rescan_secs),
            move || {
                if let Some(m) = listed.upgrade() {
                    m.relist(knowledge::TOOL_ID);
                }
            },
        )
        .context("starting the document watcher")?;
    }
    let sandbox =
        executor::Sandbox::new(config.sandbox(persistent)).context("preparing the sandbox")?;
    let mut settings = pipeline::PipelineSettings::from_config(config);
    settings.documents = documents;
    let misses = Arc::clone(&settings.model_replay_misses);
    let model =
        |stage: &str, name: Option<&String>| -> anyhow::Result<Option<Arc<dyn models::Model>>> {
            let Some(name) = name else { return Ok(None) };
            let spec =
                config.models.registry.get(name).with_context(|| {
                    format!("models.{stage} '{name}' is not in models.registry")
                })?;
            let built = spec.build(name)?;
            Ok(Some(match &config.tape {
                Some(tape) => Arc::new(cassette::Taped::new(
                    built,
                    tape.clone(),
                    Arc::clone(&misses),
                )),
                None => built,
            }))
        };
    settings.judge = model("judge", config.models.judge.as_ref())?;
    settings.selection = model("selection", config.models.selection.as_ref())?;
    settings.planner = model("planner", config.models.planner.as_ref())?;
    settings.repair = model(
        "repair",
        config
            .models
            .repair
            .as_ref()
            .or(config.models.planner.as_ref()),
    )?;
    settings.completeness = model("completeness", config.models.completeness.as_ref())?;
    settings.summary = model("summary", config.models.summary.as_ref())?;
    for name in config
        .models
        .answer_models
        .iter()
        .filter(|m| *m != "embedded")
    {
        settings.answer.insert(
            name.clone(),
            model("answer_models", Some(name))?.expect("a name was given"),
        );
    }
    Ok(pipeline::Pipeline::new(
        marketplace,
        Arc::new(sandbox),
        settings,
    ))
}

/// The state `sluice serve` runs `pipeline` with: the chat's thread store (SQLite in the data
/// directory, or PostgreSQL), the API key table when `[auth] mode = "keys"` (in the same
/// database), and the per-caller limits (in process, or in Redis).
pub async fn serving_state(
    config: &config::Config,
    pipeline: Arc<pipeline::Pipeline>,
) -> anyhow::Result<http::AppState> {
    let store = config
        .open_store()
        .await
        .context("opening the chat's thread store")?;
    let keys = match config.auth.mode {
        config::AuthMode::Keys => Some(
            access::KeyStore::open(store.pool().clone())
                .await
                .context("opening the API key table")?,
        ),
        config::AuthMode::None => None,
    };
    let admission =
        admission::Admission::new(config, keys).map_err(|e| cli::UsageError(e.to_string()))?;
    tracing::info!(
        auth = ?config.auth.mode,
        limits_kept_in = admission.limiter().store_name(),
        fails = admission.limiter().fail_mode().as_str(),
        "admission"
    );
    Ok(http::AppState::new(pipeline, &config.server)
        .with_chat(store, config.chat.clone())
        .with_admission(admission))
}
