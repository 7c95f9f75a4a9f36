//! The Sluice runtime: the only crate that wires concrete pieces together.
//!
//! - [`pipeline`]: the driver that sequences the stages and checks the cross-stage invariants;
//! - [`http`]: the HTTP API (`app(state)`), every error through one JSON mapping;
//! - [`config`]: TOML configuration with environment overrides;
//! - [`telemetry`]: logs, and OpenTelemetry export when configured;
//! - the `sluice` binary (`src/main.rs`): `serve`, `query`, `tools`.

pub mod config;
pub mod http;
pub mod lane;
pub mod metrics;
pub mod pipeline;
pub mod telemetry;

use std::sync::Arc;

use anyhow::Context;

/// Builds the pipeline from `config`: the marketplace (nothing connected yet) and the sandbox
/// (compiled, or loaded from the module cache when `module_cache` is set).
pub fn build_pipeline(
    config: &config::Config,
    module_cache: bool,
) -> anyhow::Result<pipeline::Pipeline> {
    let mut tools = if config.marketplace.builtin {
        catalog::builtin::all()
    } else {
        Vec::new()
    };
    for path in &config.marketplace.static_catalogs {
        tools.extend(
            catalog::builtin::static_catalog::load(path)
                .with_context(|| format!("loading {}", path.display()))?,
        );
    }
    // `tools` already honours `builtin`; the marketplace takes the list as given.
    let marketplace_config = catalog::MarketplaceConfig {
        builtin: true,
        ..config.marketplace()
    };
    let marketplace = catalog::Marketplace::with_builtins(marketplace_config, tools)
        .context("building the marketplace")?;
    let sandbox =
        executor::Sandbox::new(config.sandbox(module_cache)).context("preparing the sandbox")?;
    let mut settings = pipeline::PipelineSettings::from_config(config);
    if let Some(name) = &config.models.judge {
        let spec = config
            .models
            .registry
            .get(name)
            .with_context(|| format!("models.judge '{name}' is not in models.registry"))?;
        settings.judge = Some(spec.build(name)?);
    }
    if let Some(name) = &config.models.completeness {
        let spec =
            config.models.registry.get(name).with_context(|| {
                format!("models.completeness '{name}' is not in models.registry")
            })?;
        settings.completeness = Some(spec.build(name)?);
    }
    if let Some(name) = &config.models.planner {
        let spec = config
            .models
            .registry
            .get(name)
            .with_context(|| format!("models.planner '{name}' is not in models.registry"))?;
        settings.planner = Some(spec.build(name)?);
    }
    if let Some(name) = config
        .models
        .repair
        .as_ref()
        .or(config.models.planner.as_ref())
    {
        let spec = config
            .models
            .registry
            .get(name)
            .with_context(|| format!("models.repair '{name}' is not in models.registry"))?;
        settings.repair = Some(spec.build(name)?);
    }
    for name in config
        .models
        .answer_models
        .iter()
        .filter(|m| *m != "embedded")
    {
        let spec = config
            .models
            .registry
            .get(name)
            .with_context(|| format!("answer model '{name}' is not in models.registry"))?;
        settings.answer.insert(name.clone(), spec.build(name)?);
    }
    Ok(pipeline::Pipeline::new(
        Arc::new(marketplace),
        Arc::new(sandbox),
        settings,
    ))
}
