//! What the pipeline is configured with: the limits of a request and the models of each stage.

use std::collections::HashMap;
use std::sync::Arc;

use probes::ProbeConfig;

use super::ask::Budgets;
use crate::config::Config;

/// Pipeline settings taken from the configuration.
#[derive(Clone)]
pub struct PipelineSettings {
    /// Completeness rounds beyond the first.
    pub max_rediscovery_rounds: u32,
    /// Tools kept by selection when none are pinned.
    pub max_selected_tools: usize,
    /// Probe tuning.
    pub probe: ProbeConfig,
    /// Answer models a caller may pick.
    pub answer_models: Vec<String>,
    /// The answer model when none is picked.
    pub default_answer_model: String,
    /// The ambiguity judge of the deep lane; `None`: the deterministic decision alone.
    pub judge: Option<Arc<dyn models::Model>>,
    /// The model that narrows tool selection when no tools are pinned.
    pub selection: Option<Arc<dyn models::Model>>,
    /// The model that writes programs; `None`: the deterministic planner.
    pub planner: Option<Arc<dyn models::Model>>,
    /// The model that repairs failed programs.
    pub repair: Option<Arc<dyn models::Model>>,
    /// Repairs per program.
    pub max_repairs: u32,
    /// The model consulted when the deterministic completeness check finds the evidence short.
    pub completeness: Option<Arc<dyn models::Model>>,
    /// The model that summarizes a chat thread's older turns; `None`: the deterministic fold.
    pub summary: Option<Arc<dyn models::Model>>,
    /// Answer models by name; `embedded` (no model) is not in the map.
    pub answer: HashMap<String, Arc<dyn models::Model>>,
    /// Characters of evidence a synthesis model sees.
    pub evidence_budget: usize,
    /// Per-stage (max tokens, timeout) overrides.
    pub budgets: Budgets,
    /// Longest one request may take, every stage included.
    pub request_deadline: std::time::Duration,
    /// Model calls under `--replay` that had no cassette (the taped models count here).
    pub model_replay_misses: Arc<std::sync::atomic::AtomicU64>,
    /// The documents the `docs` tool serves, when any: a request's `scope` is checked against
    /// them.
    pub documents: Option<Arc<knowledge::Library>>,
}

impl PipelineSettings {
    /// Settings from `config`.
    pub fn from_config(config: &Config) -> Self {
        Self {
            max_rediscovery_rounds: config.pipeline.max_rediscovery_rounds,
            max_selected_tools: config.pipeline.max_selected_tools,
            probe: ProbeConfig {
                weights: probes::Weights {
                    viable_coverage: config.pipeline.viable_coverage,
                    ..probes::Weights::DEFAULT
                },
                ..ProbeConfig::default()
            },
            answer_models: config.models.answer_models.clone(),
            default_answer_model: config.models.default_answer_model.clone(),
            judge: None,
            selection: None,
            planner: None,
            repair: None,
            max_repairs: 2,
            completeness: None,
            summary: None,
            answer: HashMap::new(),
            evidence_budget: 12_000,
            request_deadline: std::time::Duration::from_millis(config.pipeline.request_deadline_ms),
            model_replay_misses: Arc::default(),
            documents: None,
            budgets: config
                .models
                .stages
                .iter()
                .map(|(k, b)| {
                    (
                        k.clone(),
                        (
                            b.max_tokens,
                            b.timeout_ms.map(std::time::Duration::from_millis),
                        ),
                    )
                })
                .collect(),
        }
    }
}
